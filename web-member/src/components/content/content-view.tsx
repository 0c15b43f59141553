import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/translator';
import { RichContent } from '@/components/ui/rich-content';
import { VideoPlayer } from './video-player';

/** A hidden block as the content's reader sees it (the forum's `HiddenBlockView` has these and more). */
export interface ContentBlock {
  index: number;
  type: number;
  unlocked: boolean;
}

/** Blocks opened in place (a password's answer): their index and the HTML to show there. */
export type Reveal = (blocks: { index: number; html: string }[]) => void;

interface Host<B extends ContentBlock> {
  element: Element;
  block: B;
}

/**
 * Sanitized content HTML. Each `<hide>` element (in document order, matching `blocks` by `index`) gets a React
 * portal: a locked one shows what `renderLocked` makes of it (how to unlock it); a block opened in place shows the
 * HTML revealed for it; an open one keeps its content under a small label. A block missing from `blocks` (the
 * editor's preview) counts as open. Each `<player data-video-id>` gets the video's player.
 */
export function ContentView<B extends ContentBlock>({
  html,
  blocks,
  renderLocked,
}: {
  html: string;
  blocks: B[];
  renderLocked?: (block: B, reveal: Reveal) => ReactNode;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [hosts, setHosts] = useState<Host<B | ContentBlock>[]>([]);
  const [players, setPlayers] = useState<{ element: Element; videoId: string }[]>([]);
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const byIndex = useMemo(() => new Map(blocks.map((block) => [block.index, block])), [blocks]);

  useLayoutEffect(() => {
    const elements = [...(container.current?.querySelectorAll('hide') ?? [])];
    setHosts(
      elements.flatMap((element, position) => {
        const index = Number(element.getAttribute('index') ?? position);
        const block = byIndex.get(index) ?? {
          index,
          type: Number(element.getAttribute('type') ?? 10),
          unlocked: true,
        };
        element.setAttribute('data-state', block.unlocked ? 'open' : 'locked');
        return [{ element, block }];
      }),
    );
  }, [html, byIndex]);

  // Each `<player data-video-id>` (the server's sanitizer keeps only that attribute) gets the video's state,
  // including those in a block just revealed by a password (its HTML is portalled inside the container).
  useLayoutEffect(() => {
    const elements = [...(container.current?.querySelectorAll('player[data-video-id]') ?? [])];
    setPlayers(elements.map((element) => ({ element, videoId: element.getAttribute('data-video-id') ?? '' })));
  }, [html, revealed]);

  const reveal: Reveal = (opened) =>
    setRevealed((current) => ({
      ...current,
      ...Object.fromEntries(opened.map((block) => [block.index, block.html])),
    }));

  return (
    <>
      <div ref={container}>
        <RichContent html={html} className="topic-content" />
      </div>
      {players.map(({ element, videoId }, position) =>
        createPortal(<VideoPlayer videoId={videoId} />, element, `player-${position}-${videoId}`),
      )}
      {hosts.map(({ element, block }) => {
        const type = t(`forum.hideType.${block.type}`);
        // A block the server now sends open (e.g. refetched after commenting) wins over one revealed in place.
        if (block.unlocked) {
          return createPortal(
            <span className="hide-label hide-label--open">{t('forum.unlockedLabel', { type })}</span>,
            element,
            `hide-${block.index}`,
          );
        }
        const opened = revealed[block.index];
        if (opened !== undefined) {
          return createPortal(
            <div className="hide-opened" role="region" aria-label={t('forum.unlockedLabel', { type })}>
              <p className="hide-label">{t('forum.unlocked')}</p>
              <RichContent html={opened} />
            </div>,
            element,
            `hide-${block.index}`,
          );
        }
        // A locked block always comes from `blocks` (the stand-in for one missing there is open).
        return createPortal(renderLocked?.(block as B, reveal) ?? null, element, `hide-${block.index}`);
      })}
    </>
  );
}

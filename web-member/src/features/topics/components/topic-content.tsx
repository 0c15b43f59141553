import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/translator';
import { RichContent } from '@/components/ui/rich-content';
import type { HiddenBlockView, UnlockResult } from '../api/types';
import { LockedBlock } from './locked-block';
import { VideoPlayer } from './video-player';

interface Host {
  element: Element;
  block: HiddenBlockView;
}

/**
 * The topic's sanitized HTML. Each `<hide>` element (in document order, matching `hiddenBlocks` by `index`) gets
 * a React portal: a locked one shows what unlocks it; a block opened by a password shows the HTML the unlock
 * answered with; an open one keeps its content under a small label.
 */
export function TopicContent({
  topicId,
  html,
  blocks,
  loggedIn,
}: {
  topicId: string;
  html: string;
  blocks: HiddenBlockView[];
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [hosts, setHosts] = useState<Host[]>([]);
  const [players, setPlayers] = useState<{ element: Element; videoId: string }[]>([]);
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const byIndex = useMemo(() => new Map(blocks.map((block) => [block.index, block])), [blocks]);
  const prices = useMemo(() => paidPrices(blocks), [blocks]);

  useLayoutEffect(() => {
    const elements = [...(container.current?.querySelectorAll('hide') ?? [])];
    setHosts(
      elements.flatMap((element, position) => {
        const index = Number(element.getAttribute('index') ?? position);
        const block = byIndex.get(index) ?? {
          index,
          type: Number(element.getAttribute('type') ?? 10),
          unlocked: true,
          requirement: null,
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

  const onUnlocked = (result: UnlockResult) =>
    setRevealed((current) => ({
      ...current,
      ...Object.fromEntries(result.blocks.map((block) => [block.index, block.html])),
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
        return createPortal(
          <LockedBlock
            topicId={topicId}
            block={block}
            price={prices.get(block.type) ?? null}
            loggedIn={loggedIn}
            onUnlocked={onUnlocked}
          />,
          element,
          `hide-${block.index}`,
        );
      })}
    </>
  );
}

/**
 * What buying each paid type costs: one purchase opens every block of the type, so it is the sum of their prices
 * (the server asks the same sum). A type with an unreadable price is left out (no buy button).
 */
function paidPrices(blocks: HiddenBlockView[]): Map<number, number> {
  const prices = new Map<number, number>();
  for (const block of blocks) {
    if (block.type !== 40 && block.type !== 50) continue;
    const price = Number(block.requirement);
    const sum = (prices.get(block.type) ?? 0) + price;
    prices.set(block.type, Number.isSafeInteger(price) && price > 0 ? sum : Number.NaN);
  }
  return new Map([...prices].filter(([, price]) => Number.isSafeInteger(price)));
}

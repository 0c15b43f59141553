import { useMemo } from 'react';
import { ContentView } from '@/components/content/content-view';
import type { HiddenBlockView } from '../api/types';
import { LockedBlock } from './locked-block';

/**
 * The topic's sanitized HTML (`ContentView`): each locked hidden block shows what unlocks it (`LockedBlock`); a
 * block opened by a password shows the HTML the unlock answered with.
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
  const prices = useMemo(() => paidPrices(blocks), [blocks]);
  return (
    <ContentView
      html={html}
      blocks={blocks}
      renderLocked={(block, reveal) => (
        <LockedBlock
          topicId={topicId}
          block={block}
          price={prices.get(block.type) ?? null}
          loggedIn={loggedIn}
          onUnlocked={(result) => reveal(result.blocks)}
        />
      )}
    />
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

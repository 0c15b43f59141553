import { upcast } from '@forum/contracts';
import { legacyBlockId } from '@forum/platform';
import type { HideType } from '@forum/platform';
import { OpenedBlocks } from './opened-blocks';

const POSTED = '2026-01-01T00:00:00.000Z';
const block = (index: number, type: HideType, id: string | null) => ({ index, type, id });

describe('OpenedBlocks: what the unlocks of a reader open (ADR 0025)', () => {
  it('opens exactly the named blocks of the recorded type, wherever they are now', () => {
    const opened = new OpenedBlocks([{ type: 10, blockIds: ['bPw'], at: POSTED }]);
    expect(opened.opens(block(3, 10, 'bPw'), POSTED)).toBe(true);
    // A block put first later, at the position the reader unlocked, is another block.
    expect(opened.opens(block(0, 50, 'bPaid'), POSTED)).toBe(false);
    expect(opened.opens(block(0, 10, 'bOtherPw'), POSTED)).toBe(false);
    // The same id under another type (never produced by the server, fails closed anyway).
    expect(opened.opens(block(3, 40, 'bPw'), POSTED)).toBe(false);
    expect(opened.hasType(10)).toBe(true);
    expect(opened.hasType(40)).toBe(false);
  });

  it('upcasts a position-based unlock and opens the legacy block at that position of content no newer than it', () => {
    const { schemaVersion, data } = upcast('HiddenContentUnlocked', 1, {
      topicId: 't',
      memberId: 'm',
      authorId: 'a',
      type: 40,
      blockIndexes: [1],
      pricePaid: 30,
      at: '2026-01-02T00:00:00.000Z',
    });
    expect(schemaVersion).toBe(2);
    expect(data).toMatchObject({ blockIds: [], legacyBlockIndexes: [1] });
    const opened = new OpenedBlocks([data as { type: number; blockIds: string[]; at: string }]);
    expect(opened.opens(block(1, 40, null), POSTED)).toBe(true);
    expect(opened.opens(block(0, 40, null), POSTED)).toBe(false);
    // After the first edit since the upgrade the block carries its legacy name and may have moved.
    expect(opened.opens(block(2, 40, legacyBlockId(1, POSTED)), '2026-03-01T00:00:00.000Z')).toBe(true);
    // Content rewritten after the unlock (before stable ids): its position 1 is not what was bought.
    expect(opened.opens(block(1, 40, null), '2026-01-05T00:00:00.000Z')).toBe(false);
  });

  it('reads read-model records written before stable ids (blockIndexes) as position-based', () => {
    const opened = new OpenedBlocks([{ type: 10, blockIndexes: [0], at: '2026-01-02T00:00:00.000Z' }]);
    expect(opened.opens(block(0, 10, null), POSTED)).toBe(true);
    expect(opened.opens(block(0, 10, 'bFresh'), POSTED)).toBe(false);
  });
});

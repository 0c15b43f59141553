import { blockIdOf, legacyUnlockOpens } from '@forum/platform';
import type { HiddenBlock } from '@forum/platform';

/**
 * One recorded unlock as the read model or the event stream holds it: the stable block ids it opened (ADR 0025);
 * or, for unlocks recorded before stable ids, the positions it opened at `at` (`legacyBlockIndexes` from the
 * upcaster, `blockIndexes` in read-model records written before the upgrade).
 */
export interface UnlockGrantRecord {
  type: number;
  blockIds?: string[];
  legacyBlockIndexes?: number[];
  blockIndexes?: number[];
  at: string;
}

/**
 * Which blocks a reader's unlocks open: exactly the blocks they named, of the type they were recorded for. A block
 * added, moved into a position or changed to another type afterwards has an id no unlock names, so it stays locked
 * until unlocked on its own terms; an unlocked block stays open to that reader whatever the author later writes in
 * it or asks for it (ADR 0025).
 */
export class OpenedBlocks {
  private readonly ids = new Map<number, Set<string>>();
  private readonly legacy: { type: number; indexes: number[]; at: string }[] = [];

  constructor(records: readonly UnlockGrantRecord[]) {
    for (const record of records) {
      const ids = this.ids.get(record.type) ?? new Set<string>();
      for (const id of record.blockIds ?? []) ids.add(id);
      this.ids.set(record.type, ids);
      const indexes = record.legacyBlockIndexes ?? (record.blockIds ? [] : (record.blockIndexes ?? []));
      if (indexes.length > 0) this.legacy.push({ type: record.type, indexes, at: record.at });
    }
  }

  /** `since`: when the content holding the block was written (names blocks of content older than stable ids). */
  opens(block: Pick<HiddenBlock, 'id' | 'index' | 'type'>, since: string): boolean {
    const id = blockIdOf(block, since);
    if (this.ids.get(block.type)?.has(id)) return true;
    return this.legacy.some((grant) => grant.type === block.type && legacyUnlockOpens(id, grant.indexes, grant.at));
  }

  /** Whether any unlock of this type was recorded (a paid type is bought once per reader: ADR 0019, 0025). */
  hasType(type: number): boolean {
    return this.ids.has(type);
  }
}

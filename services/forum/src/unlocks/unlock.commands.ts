import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PAY_UNLOCK } from '@forum/contracts';
import type { CommandMetadata, PayUnlockInput, PayUnlockResult, UnlockEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, hiddenBlockContents, parseHiddenBlocks, PeerCommands } from '@forum/platform';
import type { AppConfig, HiddenBlock } from '@forum/platform';
import type { UnlockBody, UnlockResult } from '../topics/topic.schemas';
import { TopicSources } from './topic-source';
import { unlockDecider, unlockStream } from './unlock.decider';
import { topicUnlocksProjection } from './unlock.projections';

function samePassword(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** A paid type's price: every block of that type opens with one unlock, so the reader pays for all of them. */
export function unlockPrice(blocks: HiddenBlock[]): number {
  return blocks.reduce((sum, block) => sum + Number(block.value), 0);
}

/** What one unlock records: the reader opened these blocks of this type, for this price. */
export interface UnlockGrant {
  topicId: string;
  memberId: string;
  authorId: string;
  type: 10 | 40 | 50;
  blockIndexes: number[];
  pricePaid: number | null;
}

/**
 * Unlocking hidden content (DOMAIN §4): by password (type 10) or by paying (40 points, 50 balance) through the
 * wallet's peer command `wallet.payUnlock`. One unlock per type per reader, recorded for the author.
 *
 * Paid unlocks pay first, then record (ADR 0019): a refused payment writes nothing anywhere, and a payment whose
 * record a crash prevented is recorded by the `forum-paid-unlocks` reactor from the wallet's debit. The record's
 * idempotency key is derived from (topic, reader, type) like the wallet's transfer id, so the request, its
 * concurrent twins, its retries and the reactor record it once.
 */
@Injectable()
export class UnlockCommands {
  constructor(
    private readonly store: EventStore,
    private readonly sources: TopicSources,
    private readonly waiter: ProjectionWaiter,
    private readonly peers: PeerCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async unlock(topicId: string, body: UnlockBody, meta: CommandMetadata): Promise<UnlockResult> {
    const { id: memberId, kind } = meta.actor;
    if (!memberId || (kind !== 'member' && kind !== 'staff')) throw new DomainError('auth.unauthorized');
    const topic = await this.sources.live(topicId);
    const blocks = parseHiddenBlocks(topic.content).filter((block) => block.type === body.type);
    if (blocks.length === 0 || memberId === topic.authorId) throw new DomainError('forum.unlock_not_needed');
    if (await this.unlocked(topicId, memberId, body.type)) throw new DomainError('forum.already_unlocked');
    const grant = { topicId, memberId, authorId: topic.authorId, type: body.type };
    let opened = blocks;
    let pricePaid: number | null = null;
    if (body.type === 10) {
      opened = blocks.filter((block) => samePassword(block.value, body.password ?? ''));
      if (opened.length === 0) throw new DomainError('forum.unlock_password_wrong');
    } else {
      // The member confirmed a price: never charge another one (the author may have edited it since).
      const price = unlockPrice(blocks);
      if (body.price !== price) throw new DomainError('forum.unlock_price_changed', { price });
      const input: PayUnlockInput = { topicId, readerId: memberId, authorId: topic.authorId, type: body.type, price };
      pricePaid = (await this.peers.execute<PayUnlockResult>(PAY_UNLOCK, input, meta)).paid;
    }
    const result = await this.record({ ...grant, blockIndexes: opened.map((block) => block.index), pricePaid }, meta);
    const visible = await this.waiter.waitFor(
      topicUnlocksProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    const contents = hiddenBlockContents(topic.content);
    return {
      type: body.type,
      blocks: opened.map((block) => ({ index: block.index, html: contents.get(block.index) ?? '' })),
      pricePaid,
      visible,
    };
  }

  /** Records an unlock once per (topic, reader, type): a repeat answers the first record, whoever repeats it. */
  record(grant: UnlockGrant, meta: CommandMetadata) {
    const { ip: _ip, ...actor } = meta.actor;
    return this.store.handle(
      unlockDecider,
      unlockStream(grant.topicId, grant.memberId),
      { ...grant, type: 'UnlockHidden', hideType: grant.type, now: meta.now },
      { ...meta, actor, idempotencyKey: `unlock:${grant.topicId}:${grant.memberId}:${grant.type}` },
    );
  }

  private async unlocked(topicId: string, memberId: string, type: number): Promise<boolean> {
    const events = (await this.store.readStream(unlockStream(topicId, memberId))) as unknown as UnlockEvent[];
    return events.some((event) => event.type === 'HiddenContentUnlocked' && event.data.type === type);
  }
}

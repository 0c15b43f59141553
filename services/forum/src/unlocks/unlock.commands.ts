import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { payUnlockCommand } from '@forum/contracts';
import type { CommandMetadata, PayUnlockInput, UnlockEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import {
  APP_CONFIG,
  blockIdOf,
  hiddenBlockContents,
  parseHiddenBlocks,
  PeerCommands,
  requireMember,
} from '@forum/platform';
import type { AppConfig, HiddenBlock } from '@forum/platform';
import type { UnlockBody, UnlockResult } from '../topics/topic.schemas';
import { OpenedBlocks } from './opened-blocks';
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

/** What one unlock records: the reader opened these blocks (stable ids, ADR 0025) of this type, for this price. */
export interface UnlockGrant {
  topicId: string;
  memberId: string;
  authorId: string;
  type: 10 | 40 | 50;
  blockIds: string[];
  pricePaid: number | null;
}

/**
 * The record's idempotency key. A paid type: (topic, reader, type), like the wallet's transfer id, so a payment is
 * recorded once whoever records it. A password unlock: also the blocks it opens, so a later unlock of password
 * blocks added since is a new record while a repeat of the same one answers the first.
 */
export function unlockKey(grant: Pick<UnlockGrant, 'topicId' | 'memberId' | 'type' | 'blockIds'>): string {
  const base = `unlock:${grant.topicId}:${grant.memberId}:${grant.type}`;
  if (grant.type !== 10) return base;
  const blocks = createHash('sha256')
    .update([...grant.blockIds].sort().join(','))
    .digest('hex')
    .slice(0, 24);
  return `${base}:${blocks}`;
}

/**
 * Unlocking hidden content (docs/rules/forum.md, hidden content): by password (type 10) or by paying (40 points, 50 balance) through the
 * wallet's peer command `wallet.payUnlock`, recorded for the author with the stable ids of the blocks it opened
 * (ADR 0025). A paid type is bought once per reader; a password unlock opens the matching blocks not yet open.
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
    const { id: memberId } = requireMember(meta.actor);
    const topic = await this.sources.live(topicId);
    const blocks = parseHiddenBlocks(topic.content).filter((block) => block.type === body.type);
    if (blocks.length === 0 || memberId === topic.authorId) throw new DomainError('forum.unlock_not_needed');
    const already = await this.opened(topicId, memberId);
    const closed = blocks.filter((block) => !already.opens(block, topic.since));
    if (closed.length === 0 || (body.type !== 10 && already.hasType(body.type))) {
      throw new DomainError('forum.already_unlocked');
    }
    const grant = { topicId, memberId, authorId: topic.authorId, type: body.type };
    let opened = closed;
    let pricePaid: number | null = null;
    if (body.type === 10) {
      opened = closed.filter((block) => samePassword(block.value, body.password ?? ''));
      if (opened.length === 0) {
        const reopens = blocks.some((block) => samePassword(block.value, body.password ?? ''));
        throw new DomainError(reopens ? 'forum.already_unlocked' : 'forum.unlock_password_wrong');
      }
    } else {
      // The member confirmed a price: never charge another one (the author may have edited it since).
      const price = unlockPrice(blocks);
      if (body.price !== price) throw new DomainError('forum.unlock_price_changed', { price });
      const input: PayUnlockInput = { topicId, readerId: memberId, authorId: topic.authorId, type: body.type, price };
      pricePaid = (await this.peers.execute(payUnlockCommand, input, meta)).paid;
    }
    const blockIds = opened.map((block) => blockIdOf(block, topic.since));
    const result = await this.record({ ...grant, blockIds, pricePaid }, meta);
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

  /** Records an unlock once (`unlockKey`): a repeat answers the first record, whoever repeats it. */
  record(grant: UnlockGrant, meta: CommandMetadata) {
    const { ip: _ip, ...actor } = meta.actor;
    return this.store.handle(
      unlockDecider,
      unlockStream(grant.topicId, grant.memberId),
      { ...grant, type: 'UnlockHidden', hideType: grant.type, now: meta.now },
      { ...meta, actor, idempotencyKey: unlockKey(grant) },
    );
  }

  /** What the reader's unlocks open, from their unlock stream (the source of truth, upcast to stable ids). */
  private async opened(topicId: string, memberId: string): Promise<OpenedBlocks> {
    const events = (await this.store.readStream(unlockStream(topicId, memberId))) as unknown as UnlockEvent[];
    return new OpenedBlocks(events.flatMap((event) => (event.type === 'HiddenContentUnlocked' ? [event.data] : [])));
  }
}

/* The routes' commands (ADR 0041): each handler runs the method the route called. */

/** A member opens a topic's hidden blocks (paid, by password, ...). */
export class UnlockTopicCommand extends Command<UnlockResult> {
  constructor(
    readonly topicId: string,
    readonly body: UnlockBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(UnlockTopicCommand)
export class UnlockTopicHandler implements ICommandHandler<UnlockTopicCommand> {
  constructor(private readonly unlocks: UnlockCommands) {}

  execute({ topicId, body, meta }: UnlockTopicCommand): Promise<UnlockResult> {
    return this.unlocks.unlock(topicId, body, meta);
  }
}

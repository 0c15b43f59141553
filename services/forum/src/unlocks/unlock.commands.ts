import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { hiddenBlockContents, parseHiddenBlocks } from '../content/hidden-blocks';
import type { UnlockBody, UnlockResult } from '../topics/topic.schemas';
import { TopicSources } from './topic-source';
import { unlockDecider, unlockStream } from './unlock.decider';
import { topicUnlocksProjection } from './unlock.projections';

function samePassword(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Paid unlocks (types 40 points, 50 balance) come with the wallet: it will implement this port (hold the price
 * from the reader, credit the author minus the platform share) and the unlock command will call it before
 * recording `HiddenContentUnlocked` with `pricePaid`. Until then those types stay locked for every reader.
 */
export interface UnlockPaymentPort {
  pay(
    input: { topicId: string; readerId: string; authorId: string; type: 40 | 50; price: number },
    meta: CommandMetadata,
  ): Promise<void>;
}

/** Unlocking hidden content by password (type 10): one unlock per type per reader, recorded for the author. */
@Injectable()
export class UnlockCommands {
  constructor(
    private readonly store: EventStore,
    private readonly sources: TopicSources,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async unlock(topicId: string, body: UnlockBody, meta: CommandMetadata): Promise<UnlockResult> {
    const { id: memberId, kind } = meta.actor;
    if (!memberId || (kind !== 'member' && kind !== 'staff')) throw new DomainError('auth.unauthorized');
    const topic = await this.sources.live(topicId);
    const blocks = parseHiddenBlocks(topic.content).filter((block) => block.type === body.type);
    if (blocks.length === 0 || memberId === topic.authorId) throw new DomainError('forum.unlock_not_needed');
    const matched = blocks.filter((block) => samePassword(block.value, body.password));
    if (matched.length === 0) throw new DomainError('forum.unlock_password_wrong');
    const { ip: _ip, ...actor } = meta.actor;
    const result = await this.store.handle(
      unlockDecider,
      unlockStream(topicId, memberId),
      {
        type: 'UnlockHidden',
        topicId,
        memberId,
        authorId: topic.authorId,
        hideType: body.type,
        blockIndexes: matched.map((block) => block.index),
        pricePaid: null,
        now: meta.now,
      },
      { ...meta, actor },
    );
    const visible = await this.waiter.waitFor(
      topicUnlocksProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    const contents = hiddenBlockContents(topic.content);
    return {
      type: body.type,
      blocks: matched.map((block) => ({ index: block.index, html: contents.get(block.index) ?? '' })),
      visible,
    };
  }
}

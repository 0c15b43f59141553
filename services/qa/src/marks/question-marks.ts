import { Inject, Injectable } from '@nestjs/common';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { actorOf } from '../qa-policy';
import { questionDecider, questionStream } from '../questions/question.decider';
import { writeMark } from './mark-write';
import { questionMarkDecider, questionMarkStream } from './question-mark.decider';

/** Likes and favourites of questions: one small stream per (question, member). */
@Injectable()
export class QuestionMarks {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async set(questionId: string, mark: 'like' | 'favourite', on: boolean, meta: CommandMetadata) {
    const { by } = actorOf(meta);
    const question = fold(questionDecider, (await this.store.readStream(questionStream(questionId))) as never);
    if (!question.asked || question.deleted) throw new DomainError('qa.question_not_found');
    const command = { questionId, memberId: by, mark, on, now: meta.now };
    const writing = { store: this.store, waiter: this.waiter, timeoutMs: this.config.READ_YOUR_WRITES_TIMEOUT_MS };
    const visible = await writeMark(writing, questionMarkDecider, questionMarkStream(questionId, by), command, meta);
    return { questionId, [mark === 'like' ? 'liked' : 'favourited']: on, visible };
  }
}

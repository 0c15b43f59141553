import type { INestApplicationContext } from '@nestjs/common';
import { contextDb } from '@forum/platform';
import { QA_ANSWER_REPLIES, QA_ANSWERS } from './questions/questions.projection';

export { seedDemoQa } from './demo-qa';

/**
 * What the Q&A offers other contexts' tests, in-process (loaded by `@forum/testing`'s context registry, never
 * imported by another service): its demo seed, and whether the Q&A's read model shows an answer or an answer's
 * reply as deleted.
 */
export async function qaContentDeleted(
  app: INestApplicationContext,
  kind: 'answer' | 'answerReply',
  id: string,
): Promise<boolean> {
  const collection = kind === 'answer' ? QA_ANSWERS : QA_ANSWER_REPLIES;
  const found = await contextDb(app, 'qa')
    .collection<{ _id: string; deleted?: boolean }>(collection)
    .findOne({ _id: id });
  return found?.deleted === true;
}

import type { INestApplicationContext } from '@nestjs/common';
import { newId } from '@forum/contracts';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PermissionChecker } from '@forum/platform';
import { AnswerCommands } from './answers/answer.commands';
import { AnswerLikes } from './marks/answer-likes';
import { QuestionMarks } from './marks/question-marks';
import { QaModule } from './qa.module';
import { QuestionCommands } from './questions/question.commands';
import { QuestionTags } from './tags/question-tags';

const meta = (actor: Actor): CommandMetadata => ({ actor, now: new Date(), correlationId: newId() });

/** Retries `attempt` until it answers (not null), for up to 60 s; null when it never did. */
async function retry<T>(attempt: () => Promise<T | null>): Promise<T | null> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const result = await attempt();
    if (result !== null) return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/**
 * The demo Q&A (docs/rules/qa.md): a question tag tree, a question with a cash and points bounty (held from the demo
 * member's recharge, which the sandbox credits a moment after the wallet's seed), one resolved by adopting the
 * staff's answer (points bounty: the staff answerer gets the points), and one without a bounty with an answer
 * and a reply, a like of the staff's question and of the member's answer: each member finds Q&A reminders (answers to
 * their question, a reply to their answer, likes, their answer adopted).
 */
export async function seedDemoQa(
  app: INestApplicationContext,
  { staffId, memberId }: { staffId: string; memberId: string },
): Promise<void> {
  const qa = app.select(QaModule);
  const tags = qa.get(QuestionTags);
  const questions = qa.get(QuestionCommands);
  const answers = qa.get(AnswerCommands);
  const staff = { kind: 'staff' as const, id: staffId };
  const member = { kind: 'member' as const, id: memberId };
  const { tagId: root } = await tags.create({ name: '编程 · Programming', parentId: null, sort: 0 }, meta(staff));
  const { tagId: typescript } = await tags.create({ name: 'TypeScript', parentId: root, sort: 0 }, meta(staff));
  const { tagId: life } = await tags.create({ name: '生活 · Life', parentId: null, sort: 1 }, meta(staff));
  const checker = qa.get(PermissionChecker);
  await retry(async () => ((await checker.can(member, 'question.ask')) ? true : null));

  // The recharge's sandbox notify may still be on its way: the hold is refused until the balance is there (if it
  // never comes, the question offers its points only).
  const ask = (bountyAmount: number) =>
    questions.ask(
      {
        title: '悬赏：如何给 Kafka 消费者写类型？ · Bounty: typing a Kafka consumer',
        content: '<p>Which types do you use for the messages of a kafkajs consumer?</p>',
        tagIds: [typescript],
        bountyAmount,
        bountyPoints: 10,
      },
      meta(member),
    );
  const withCash = await retry(async () => {
    try {
      return await ask(500);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'qa.bounty_exceeds_balance') return null;
      throw error;
    }
  });
  const { questionId: bountied } = withCash ?? (await ask(0));
  await answers.post(bountied, { content: '<p>Give <code>eachMessage</code> a typed decoder.</p>' }, meta(staff));

  const { questionId: resolved } = await questions.ask(
    {
      title: '已解决：周末去哪里徒步？ · Resolved: where to hike this weekend?',
      content: '<p>Somewhere near the city, please.</p>',
      tagIds: [life],
      bountyAmount: 0,
      bountyPoints: 5,
    },
    meta(member),
  );
  const { id: adopted } = await answers.post(
    resolved,
    { content: '<p>The western hills: two hours, great views.</p>' },
    meta(staff),
  );
  await questions.adopt(resolved, adopted, meta(member));

  const { questionId: open } = await questions.ask(
    {
      title: '问答区怎么用？ · How does the Q&A work?',
      content: '<p>Ask with a bounty, adopt the best answer, and the answerer is paid.</p>',
      tagIds: [life],
      bountyAmount: 0,
      bountyPoints: 0,
    },
    meta(staff),
  );
  const { id: answer } = await answers.post(
    open,
    { content: '<p>And an unawarded bounty comes back after 30 days.</p>' },
    meta(member),
  );
  await answers.reply(answer, { content: '<p>Good to know!</p>' }, meta(staff));
  await qa.get(QuestionMarks).set(open, 'like', true, meta(member));
  await qa.get(AnswerLikes).set('answer', answer, true, meta(staff));
}

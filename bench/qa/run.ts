import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import type { CommandMetadata, NewEvent } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { QaModule } from '../../services/qa/src/qa.module';
import { QA_ANSWERS, QA_QUESTIONS } from '../../services/qa/src/questions/questions.projection';
import { QuestionTags } from '../../services/qa/src/tags/question-tags';
import type { CannonResult } from '../forum/cannon';
import {
  cannonRow,
  loadAverage,
  measure,
  parallel,
  pipelineLeft as pipelineLeftOf,
  rate,
  seconds,
  setting,
  startBenchApp,
  systemMeta as meta,
  until,
  useInfra,
} from '../lib/pipeline';
import { machine, mib } from '../lib/stats';

/**
 * bench/qa: seeds questions (a quarter with a cash bounty, a quarter with points, a quarter with both; some
 * answered, some with an adopted answer) through the real event pipeline (event store → outbox → Kafka → the
 * Q&A's projections), then measures over real sockets with autocannon (a separate process: the forum bench's
 * `cannon.ts`): the question list page 1 for each of the six `/askList` filters, and a question detail with 50
 * answers. Sizes: `--questions`, `--seconds`, `--connections`, `--authors` (or BENCH_*; see README.md). Uses
 * KAFKA_BROKERS/MONGO_URL when set, else starts its own.
 */

const QUESTIONS = setting('questions', 'BENCH_QUESTIONS', 20_000);
const SECONDS = setting('seconds', 'BENCH_SECONDS', 15);
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 64);
const AUTHORS = setting('authors', 'BENCH_AUTHORS', 2_000);
const WARM_UP_SECONDS = 2;
const TAGS = 12;
const DETAIL_ANSWERS = 50;
const FILTERS = ['all', 'latest', 'unresolved', 'resolved', 'pointsReward', 'cashReward'] as const;

/** What question `i` offers and how far it got: a bounty of one kind, both or none; answered; adopted. */
function shapeOf(i: number) {
  const kind = i % 4;
  return {
    amount: kind === 0 || kind === 2 ? 1_000 + (i % 7) * 100 : 0,
    points: kind === 1 || kind === 2 ? 10 + (i % 5) * 10 : 0,
    // Every fifth question has an answer; of those without a bounty, the asker adopted it (resolved).
    answered: i % 5 === 0,
    adopted: i % 5 === 0 && kind === 3,
  };
}

async function main(): Promise<void> {
  console.log(`bench/qa on ${machine()}: ${QUESTIONS} questions, ${CONNECTIONS} connections`);
  console.log(`load before: ${loadAverage()}`);
  const stops = await useInfra();
  const t = await startBenchApp([IdentityModule, QaModule]);
  stops.unshift(async () => {
    // On shared infrastructure, leave nothing behind in its in-memory MongoDB.
    if (process.env.MONGO_URL) for (const context of ['qa', 'identity']) await t.db(context).dropDatabase();
    await t.close();
  });
  const qa = t.app.select(QaModule);
  const store = qa.get(EventStore);
  const db: Db = t.db('qa');

  const pipelineLeft = pipelineLeftOf(t);

  const tags = qa.get(QuestionTags);
  const staff: CommandMetadata = { ...meta(), actor: { kind: 'staff', id: 'bench-staff' } };
  const tagIds: string[] = [];
  for (let i = 0; i < TAGS; i++) {
    const created = (await tags.create({ name: `Tag ${i}`, parentId: null, sort: i }, staff)) as { tagId: string };
    tagIds.push(created.tagId);
  }
  await until('tags', pipelineLeft);

  const authors = Array.from({ length: AUTHORS }, (_, i) => `bench-member-${i}`);
  const questionIds: string[] = [];
  let answers = 0;
  console.log(`seeding ${QUESTIONS} questions…`);
  const seedStarted = performance.now();
  const questionAppend = await parallel('questions', QUESTIONS, async (i) => {
    const questionId = newId();
    questionIds[i] = questionId;
    const askerId = authors[i % authors.length]!;
    const { amount, points, answered, adopted } = shapeOf(i);
    const askedAt = new Date().toISOString();
    const events: NewEvent[] = [
      {
        type: 'QuestionAsked',
        data: {
          questionId,
          askerId,
          title: `Bench question ${i} about tag ${i % TAGS}`,
          content: `<p>Bench question ${i}: ${'lorem ipsum dolor sit amet '.repeat(12)}</p>`,
          tagIds: [tagIds[i % TAGS]!],
          bountyAmount: amount,
          bountyPoints: points,
          mentions: [],
          isStaff: false,
          askedAt,
        },
      },
    ];
    // The wallet's word that the bounty is held (in this app's store: the bench runs no wallet).
    if (amount + points > 0) {
      await store.append(
        `bounty-${questionId}`,
        0,
        [{ type: 'BountyHeld', data: { questionId, askerId, amount, points, heldAt: askedAt } }],
        meta(),
      );
    }
    if (answered) {
      const answerId = newId();
      const answererId = authors[(i * 7 + 1) % authors.length]!;
      await store.append(
        `answer-${answerId}`,
        0,
        [
          {
            type: 'AnswerPosted',
            data: {
              answerId,
              questionId,
              authorId: answererId,
              content: `<p>Bench answer to ${i}</p>`,
              mentions: [],
              isStaff: false,
              postedAt: new Date().toISOString(),
            },
          },
        ],
        meta(),
      );
      answers++;
      if (adopted) {
        const adoptedAt = new Date().toISOString();
        const data = { questionId, answerId, answererId, answererIsStaff: false, round: 1, by: askerId, adoptedAt };
        events.push({ type: 'AnswerAdopted', data });
      }
    }
    await store.append(`question-${questionId}`, 0, events, meta());
  });
  console.log(`  ${QUESTIONS} questions appended in ${seconds(questionAppend)} (${rate(QUESTIONS, questionAppend)})`);

  // The newest question gets 50 answers, each with a reply on every fifth (the detail measure).
  const detailQuestion = questionIds[questionIds.length - 1]!;
  const detailAppend = await parallel('detail answers', DETAIL_ANSWERS, async (i) => {
    const answerId = newId();
    const postedAt = new Date().toISOString();
    await store.append(
      `answer-${answerId}`,
      0,
      [
        {
          type: 'AnswerPosted',
          data: {
            answerId,
            questionId: detailQuestion,
            authorId: authors[(i * 13) % authors.length]!,
            content: `<p>Bench answer ${i}: ${'consectetur adipiscing elit '.repeat(6)}</p>`,
            mentions: [],
            isStaff: false,
            postedAt,
          },
        },
      ],
      meta(),
    );
    if (i % 5 === 0) {
      const replyId = newId();
      const reply = {
        replyId,
        answerId,
        questionId: detailQuestion,
        parentReplyId: null,
        authorId: authors[(i * 17) % authors.length]!,
        content: `<p>Bench reply to answer ${i}</p>`,
        mentions: [],
        isStaff: false,
        postedAt,
      };
      await store.append(`answerReply-${replyId}`, 0, [{ type: 'AnswerReplyPosted', data: reply }], meta());
    }
  });
  answers += DETAIL_ANSWERS;
  await until('question and answer projections', async () => {
    const [questions, answerDocs] = await Promise.all([
      db.collection(QA_QUESTIONS).estimatedDocumentCount(),
      db.collection(QA_ANSWERS).estimatedDocumentCount(),
    ]);
    return questions >= QUESTIONS && answerDocs >= answers
      ? pipelineLeft()
      : `${questions} question documents, ${answerDocs} answers`;
  });
  const seeded = performance.now() - seedStarted;
  console.log(`  seeded and projected after ${seconds(seeded)} (${rate(QUESTIONS, seeded)})`);

  const base = await t.listen();
  const results: [string, CannonResult][] = [];
  const run = async (name: string, url: string) => {
    console.log(`measuring ${name}…`);
    const request = { url, connections: CONNECTIONS, seconds: SECONDS };
    await measure({ ...request, seconds: WARM_UP_SECONDS }); // JIT, connections and caches warm; not recorded
    results.push([name, await measure(request)]);
  };
  for (const filter of FILTERS) {
    await run(`list "${filter}", page 1 of 20`, `${base}/api/qa/questions?filter=${filter}&page=1&pageSize=20`);
  }
  await run(`question detail, ${DETAIL_ANSWERS} answers`, `${base}/api/qa/questions/${detailQuestion}`);

  const memory = process.memoryUsage();
  console.log('\n| seeding | result |\n|---|---|');
  console.log(
    `| ${QUESTIONS} questions (+ bounties, ${answers} answers) appended | ${seconds(questionAppend + detailAppend)} |`,
  );
  console.log(`| … and projected | ${seconds(seeded)} |`);
  console.log(
    `\n| measure (${CONNECTIONS} connections, ${SECONDS} s) | throughput | p50 ms | p95 ms | p99 ms | failed |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, result] of results) console.log(cannonRow(name, result));
  console.log(`\nprocess memory: RSS ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}`);
  console.log(`load after: ${loadAverage()}`);
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

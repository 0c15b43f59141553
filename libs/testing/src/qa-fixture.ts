import { randomUUID } from 'node:crypto';
import type { QuestionDetail, QuestionTagNode, WalletView } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { MEMBER_PROFILES } from '@forum/platform';
import { knownTo, memberAccount, staffAccount } from './accounts';
import { eventually } from './eventually';
import { startTestApp } from './test-app';
import type { TestApp } from './test-app';

export interface QaFixture {
  t: TestApp;
  /** An administrator (every staff permission) known to identity, moderation, the wallet and the Q&A. */
  staffId: string;
  member(): Promise<string>;
  /** Staff credit (positive) balance in fen or points. */
  fund(memberId: string, kind: 'balance' | 'points', amount: number): Promise<void>;
  wallet(memberId: string): Promise<WalletView>;
  tag(name: string, parentId?: string | null): Promise<string>;
  ask(memberId: string, body: Record<string, unknown>): ReturnType<TestApp['client']['post']>;
  answer(memberId: string, questionId: string, content?: string): Promise<string>;
  question(questionId: string, readerId?: string): Promise<QuestionDetail>;
}

/**
 * An administrator known to every context. The grant may reach identity's member copy a moment after the
 * registration on a loaded machine (`common.not_found`): then another account is made.
 */
async function administrator(t: TestApp): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await staffAccount(t.app, `qa_admin_${Date.now().toString(36)}${attempt}`, {
        contexts: ['moderation', 'wallet', 'qa'],
        permission: 'content.manage',
      });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof DomainError && error.code === 'common.not_found')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Identity, moderation (settings), the wallet and the Q&A in one test app, driven through their HTTP APIs. */
export async function startQa(): Promise<QaFixture> {
  const t = await startTestApp(['identity', 'moderation', 'wallet', 'qa']);
  const staffId = await administrator(t);
  let accounts = 0;
  return {
    t,
    staffId,
    async member() {
      const memberId = await memberAccount(t.app, `q${Date.now().toString(36)}${accounts++}`);
      const profiles = t.db('wallet').collection<{ _id: string }>(MEMBER_PROFILES);
      await eventually(async () => expect(await profiles.findOne({ _id: memberId })).not.toBeNull());
      await knownTo(t.app, memberId, 'member', ['qa'], 'question.ask');
      return memberId;
    },
    async fund(memberId, kind, amount) {
      const response = await t.client
        .as(staffId, 'staff')
        .withHeaders({ 'idempotency-key': randomUUID() })
        .post(`/api/wallet/accounts/${memberId}/adjustments`, { kind, amount, reason: 'test funds' });
      expect(response.status).toBe(200);
    },
    async wallet(memberId) {
      return (await t.client.as(memberId).get<WalletView>('/api/wallet/me')).body;
    },
    async tag(name, parentId = null) {
      const response = await t.client
        .as(staffId, 'staff')
        .post<{ tagId: string; visible: boolean }>('/api/qa/tags', { name, parentId });
      expect(response.status).toBe(201);
      // On a loaded machine the tag may reach the read model after the write's wait: wait for it here.
      await eventually(async () => {
        const tree = await t.client.get<{ items: QuestionTagNode[] }>('/api/qa/tags');
        const flat = (nodes: QuestionTagNode[]): string[] => nodes.flatMap((n) => [n.tagId, ...flat(n.children)]);
        expect(flat(tree.body.items)).toContain(response.body.tagId);
      });
      return response.body.tagId;
    },
    ask(memberId, body) {
      return t.client.as(memberId, memberId === staffId ? 'staff' : 'member').post('/api/qa/questions', body);
    },
    async answer(memberId, questionId, content = '<p>An answer.</p>') {
      const response = await t.client
        .as(memberId, memberId === staffId ? 'staff' : 'member')
        .post<{ id: string }>(`/api/qa/questions/${questionId}/answers`, { content });
      expect(response.status).toBe(201);
      return response.body.id;
    },
    async question(questionId, readerId) {
      const client = readerId ? t.client.as(readerId) : t.client;
      return (await client.get<QuestionDetail>(`/api/qa/questions/${questionId}`)).body;
    },
  };
}

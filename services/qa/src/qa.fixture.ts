import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { MEMBER_PROFILES, PermissionChecker } from '@forum/platform';
import { eventually, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../../identity/src/accounts/commands';
import { IdentityModule } from '../../identity/src/identity.module';
import { staffAccount } from '../../identity/src/roles/staff.fixture';
import { ModerationModule } from '../../moderation/src/moderation.module';
import type { WalletView } from '../../wallet/src/ledger/ledger.reader';
import { WalletModule } from '../../wallet/src/wallet.module';
import { QaModule } from './qa.module';
import type { QuestionDetail } from './questions/question.queries';
import type { QuestionTagNode } from './tags/question-tags';

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

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
        contexts: [ModerationModule, WalletModule, QaModule],
        permission: 'content.manage',
      });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof DomainError && error.code === 'common.not_found')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Identity, moderation (settings), the wallet and the Q&A in one test app. */
export async function startQa(): Promise<QaFixture> {
  const t = await startTestApp([IdentityModule, ModerationModule, WalletModule, QaModule]);
  const staffId = await administrator(t);
  let accounts = 0;
  return {
    t,
    staffId,
    async member() {
      const account = `q${Date.now().toString(36)}${accounts++}`;
      const password = 'member-password';
      const registered = await t.app
        .get(CommandBus)
        .execute(
          new RegisterMemberCommand(
            { account, password, confirmPassword: password, agreeTerms: true },
            system(),
            'member',
            true,
          ),
        );
      const memberId = (registered as { systemUser: { id: string } }).systemUser.id;
      const profiles = t.db('wallet').collection<{ _id: string }>(MEMBER_PROFILES);
      await eventually(async () => expect(await profiles.findOne({ _id: memberId })).not.toBeNull());
      const checker = t.app.select(QaModule).get(PermissionChecker);
      await eventually(async () =>
        expect(await checker.can({ kind: 'member', id: memberId }, 'question.ask')).toBe(true),
      );
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

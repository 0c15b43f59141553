import { randomUUID } from 'node:crypto';
import type { Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { MEMBER_PROFILES } from '@forum/platform';
import { eventually, startTestApp, TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../../identity/src/accounts/commands';
import { IdentityModule } from '../../identity/src/identity.module';
import { staffAccount } from '../../identity/src/roles/staff.fixture';
import type { WalletView } from './ledger/ledger.reader';
import { WalletModule } from './wallet.module';

export interface WalletFixture {
  t: TestApp;
  staffId: string;
  /** A real member (registered through identity) whom the wallet knows. */
  member(): Promise<string>;
  /** A staff adjustment through the API; the key defaults to a fresh one. */
  adjust(memberId: string, body: object, key?: string): ReturnType<TestApp['client']['post']>;
  wallet(memberId: string): Promise<WalletView>;
}

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null },
  now: new Date(),
  correlationId: newId(),
});

/** Identity and the wallet, with an administrator the wallet's permission copy already knows. */
export async function startWallet(extra: Type[] = []): Promise<WalletFixture> {
  const t = await startTestApp([IdentityModule, WalletModule, ...extra]);
  const staffId = await staffAccount(t.app, `wallet_admin_${Date.now().toString(36)}`, {
    contexts: [WalletModule],
    permission: 'money.adjust',
  });
  let accounts = 0;
  return {
    t,
    staffId,
    async member() {
      const account = `w${Date.now().toString(36)}${accounts++}`;
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
      return memberId;
    },
    adjust(memberId, body, key = randomUUID()) {
      return t.client
        .as(staffId, 'staff')
        .withHeaders({ 'idempotency-key': key })
        .post(`/api/wallet/accounts/${memberId}/adjustments`, body as Record<string, unknown>);
    },
    async wallet(memberId) {
      return (await t.client.as(memberId).get<WalletView>('/api/wallet/me')).body;
    },
  };
}

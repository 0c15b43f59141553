import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { RegisterMemberCommand } from './accounts/commands';
import { GrantRoleCommand } from './roles/commands';

export { bindVerifiedEmail } from './phone/bind-email';

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

/**
 * What identity offers other contexts' tests, in-process (loaded by `@forum/testing`'s context registry, never
 * imported by another service): accounts without the public form's captcha, as staff tools and the demo seed make
 * them, and role grants by the system actor.
 */
export async function registerAccount(
  app: INestApplicationContext,
  { account, nickname, kind = 'member' }: { account: string; nickname?: string; kind?: 'member' | 'staff' },
): Promise<string> {
  const password = kind === 'staff' ? 'staff-password' : 'member-password';
  const registered = await app
    .get(CommandBus)
    .execute(
      new RegisterMemberCommand(
        { account, ...(nickname ? { nickname } : {}), password, confirmPassword: password, agreeTerms: true },
        system(),
        kind,
        true,
      ),
    );
  return registered.systemUser.id;
}

export async function grantRole(app: INestApplicationContext, memberId: string, roleId: string): Promise<void> {
  await app.get(CommandBus).execute(new GrantRoleCommand(memberId, roleId, null, 'test', system()));
}

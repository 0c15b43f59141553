import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { RegisterMemberCommand } from './accounts/commands';
import { CancelAccountCommand } from './profile/profile.commands';
import { DefineRoleCommand, GrantRoleCommand } from './roles/commands';

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

/** Defines a role as `staffId` would in the console; the answer does not wait for any read model. */
export async function defineRole(
  app: INestApplicationContext,
  staffId: string,
  definition: ConstructorParameters<typeof DefineRoleCommand>[0],
): Promise<string> {
  const meta = { actor: { kind: 'staff' as const, id: staffId }, now: new Date(), correlationId: newId() };
  return (await app.get(CommandBus).execute(new DefineRoleCommand(definition, meta))).id;
}

/** Cancels a member's account as staff do (no password asked). */
export async function cancelAccount(app: INestApplicationContext, memberId: string): Promise<void> {
  const meta = { actor: { kind: 'staff' as const, id: null }, now: new Date(), correlationId: newId() };
  await app.get(CommandBus).execute(new CancelAccountCommand(memberId, null, meta, true));
}

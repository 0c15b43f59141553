import type { INestApplicationContext, Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ADMINISTRATOR_ROLE_ID, newId } from '@forum/contracts';
import type { CommandMetadata, Permission } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually } from '@forum/testing';
import { RegisterMemberCommand } from '../accounts/commands';
import { IdentityModule } from '../identity.module';
import { GrantRoleCommand } from './commands';

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

/**
 * For tests: a real staff account holding `roleId` (the administrator by default), usable with
 * `client.as(id, 'staff')` once each context in `contexts` has projected the grant.
 */
export async function staffAccount(
  app: INestApplicationContext,
  account: string,
  options: { roleId?: string; contexts?: Type[]; permission?: Permission } = {},
): Promise<string> {
  const { roleId = ADMINISTRATOR_ROLE_ID, contexts = [IdentityModule], permission = 'roles.manage' } = options;
  const commands = app.get(CommandBus);
  const password = 'staff-password';
  const registered = await commands.execute(
    new RegisterMemberCommand(
      { account, password, confirmPassword: password, agreeTerms: true },
      system(),
      'staff',
      true,
    ),
  );
  const staffId = registered.systemUser.id;
  // Under load the members read model may lag the registration a moment: the grant is retried until it sees it.
  await eventually(() => commands.execute(new GrantRoleCommand(staffId, roleId, null, 'test', system())));
  for (const context of contexts) {
    const checker = app.select(context).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind: 'staff', id: staffId }, permission)).toBe(true));
  }
  return staffId;
}

import type { INestApplicationContext } from '@nestjs/common';
import { ADMINISTRATOR_ROLE_ID } from '@forum/contracts';
import type { Permission } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { contextModule, identitySeams } from './contexts';
import type { ContextRef } from './contexts';
import { eventually } from './eventually';

/**
 * For tests: a real staff account holding `roleId` (the administrator by default), usable with
 * `client.as(id, 'staff')` once each context in `contexts` has projected the grant (checked with `permission`).
 */
export async function staffAccount(
  app: INestApplicationContext,
  account: string,
  options: { roleId?: string; contexts?: ContextRef[]; permission?: Permission } = {},
): Promise<string> {
  const { roleId = ADMINISTRATOR_ROLE_ID, contexts = ['identity'], permission = 'roles.manage' } = options;
  const identity = await identitySeams();
  const staffId = await identity.registerAccount(app, { account, kind: 'staff' });
  // Under load the members read model may lag the registration a moment: the grant is retried until it sees it.
  await eventually(() => identity.grantRole(app, staffId, roleId));
  await knownTo(app, staffId, 'staff', contexts, permission);
  return staffId;
}

/** A real member, registered through identity (without the captcha); `nickname` defaults to the account name. */
export async function memberAccount(app: INestApplicationContext, account: string, nickname?: string): Promise<string> {
  return (await identitySeams()).registerAccount(app, { account, ...(nickname ? { nickname } : {}) });
}

/** Waits until each context's permission copy lets the account do `permission` (its roles reached it). */
export async function knownTo(
  app: INestApplicationContext,
  id: string,
  kind: 'member' | 'staff',
  contexts: ContextRef[],
  permission: Permission,
): Promise<void> {
  for (const context of contexts) {
    const checker = app.select(await contextModule(context)).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind, id }, permission)).toBe(true));
  }
}

/** Gives a member a verified email address the way registration by email does (demo seed and tests only). */
export async function bindVerifiedEmail(app: INestApplicationContext, memberId: string, email: string): Promise<void> {
  await (await identitySeams()).bindVerifiedEmail(app, memberId, email);
}

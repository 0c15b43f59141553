import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Db } from 'mongodb';
import { newId, streamId } from '@forum/contracts';
import type { CommandMetadata, MembershipDurationUnit, RoleEvent, RoleGrantEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, hostedProjections, permissionSetsProjectionName } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { roleGrantDecider } from './role-grant.decider';
import { RoleDefinition, roleDecider, RoleState } from './role.decider';

export class DefineRoleCommand extends Command<{ id: string }> {
  constructor(
    readonly definition: RoleDefinition,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangeRoleCommand extends Command<void> {
  constructor(
    readonly roleId: string,
    readonly changes: Partial<Pick<RoleDefinition, 'name' | 'permissions' | 'isDefault'>>,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class DeleteRoleCommand extends Command<void> {
  constructor(
    readonly roleId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff grant roles by hand; other contexts (membership cards) send the same command with their own reason. */
export class GrantRoleCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly roleId: string,
    readonly validUntil: Date | null,
    readonly reason: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/**
 * A bought period of a member role (a membership card): from the current end while it lasts, else from now.
 * `operationId` (the order) makes it happen once however often it is sent. Answers the new end (null: for good).
 */
export class ExtendRoleCommand extends Command<{ validUntil: string | null }> {
  constructor(
    readonly input: {
      memberId: string;
      roleId: string;
      duration: number;
      unit: MembershipDurationUnit;
      operationId: string;
      reason: string;
    },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RevokeRoleCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly roleId: string,
    readonly reason: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export const roleStream = (roleId: string) => streamId('role', roleId);
export const grantStream = (memberId: string, roleId: string) => streamId('roleGrant', `${memberId}.${roleId}`);

async function roleStateOf(store: EventStore, roleId: string): Promise<RoleState> {
  return fold(roleDecider, (await store.readStream(roleStream(roleId))) as unknown as RoleEvent[]);
}

/** Appends, then waits (bounded) until this context's permission projection has it: the next read sees it. */
abstract class RoleCommandHandler {
  constructor(
    protected readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly config: AppConfig,
  ) {}

  /**
   * Every context in this process (all of them in the all-in-one app) checks permissions against its own copy:
   * waiting for each makes a revoked role refused on the next request anywhere, not only in identity.
   */
  protected async applied(result: { streamId: string; version: number; events: unknown[] }): Promise<void> {
    if (result.events.length === 0) return;
    const copies = [...hostedProjections().keys()]
      .map(permissionSetsProjectionName)
      .filter((name) => name === permissionSetsProjectionName('identity') || this.waiter.appliesHere(name));
    await Promise.all(
      copies.map((name) =>
        this.waiter.waitFor(name, result.streamId, result.version, this.config.READ_YOUR_WRITES_TIMEOUT_MS),
      ),
    );
  }
}

@CommandHandler(DefineRoleCommand)
export class DefineRoleHandler extends RoleCommandHandler implements ICommandHandler<DefineRoleCommand> {
  constructor(store: EventStore, waiter: ProjectionWaiter, @Inject(APP_CONFIG) config: AppConfig) {
    super(store, waiter, config);
  }

  async execute({ definition, meta }: DefineRoleCommand): Promise<{ id: string }> {
    const roleId = newId(meta.now.getTime());
    await this.applied(
      await this.store.handle(roleDecider, roleStream(roleId), { type: 'Define', roleId, definition }, meta),
    );
    return { id: roleId };
  }
}

@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler extends RoleCommandHandler implements ICommandHandler<ChangeRoleCommand> {
  constructor(store: EventStore, waiter: ProjectionWaiter, @Inject(APP_CONFIG) config: AppConfig) {
    super(store, waiter, config);
  }

  async execute({ roleId, changes, meta }: ChangeRoleCommand): Promise<void> {
    const current = await roleStateOf(this.store, roleId);
    if (current.status !== 'defined') throw new DomainError('identity.role_not_found');
    const definition = { ...current.definition!, ...changes };
    await this.applied(
      await this.store.handle(roleDecider, roleStream(roleId), { type: 'Change', roleId, definition }, meta),
    );
  }
}

@CommandHandler(DeleteRoleCommand)
export class DeleteRoleHandler extends RoleCommandHandler implements ICommandHandler<DeleteRoleCommand> {
  constructor(store: EventStore, waiter: ProjectionWaiter, @Inject(APP_CONFIG) config: AppConfig) {
    super(store, waiter, config);
  }

  async execute({ roleId, meta }: DeleteRoleCommand): Promise<void> {
    await this.applied(await this.store.handle(roleDecider, roleStream(roleId), { type: 'Delete', roleId }, meta));
  }
}

@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler extends RoleCommandHandler implements ICommandHandler<GrantRoleCommand> {
  constructor(
    store: EventStore,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {
    super(store, waiter, config);
  }

  async execute({ memberId, roleId, validUntil, reason, meta }: GrantRoleCommand): Promise<void> {
    const role = await roleStateOf(this.store, roleId);
    if (role.status !== 'defined') throw new DomainError('identity.role_not_found');
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    if (!member) throw new DomainError('common.not_found');
    // Staff roles go to staff accounts only; member roles may go to anyone (staff post too).
    if (role.definition!.kind === 'staff' && member.kind !== 'staff')
      throw new DomainError('identity.role_kind_mismatch');
    if (validUntil && validUntil.getTime() <= meta.now.getTime()) {
      throw new DomainError('common.validation_failed', {}, [
        { field: 'validUntil', code: 'validation.too_small', message: '', params: { min: meta.now.toISOString() } },
      ]);
    }
    const result = await this.store.handle(
      roleGrantDecider,
      grantStream(memberId, roleId),
      {
        type: 'Grant',
        memberId,
        roleId,
        validUntil: validUntil?.toISOString() ?? null,
        reason,
        grantedBy: meta.actor.id,
      },
      meta,
    );
    await this.applied(result);
  }
}

@CommandHandler(ExtendRoleCommand)
export class ExtendRoleHandler extends RoleCommandHandler implements ICommandHandler<ExtendRoleCommand> {
  constructor(
    store: EventStore,
    waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {
    super(store, waiter, config);
  }

  async execute({ input, meta }: ExtendRoleCommand): Promise<{ validUntil: string | null }> {
    const { memberId, roleId, duration, unit, operationId, reason } = input;
    const role = await roleStateOf(this.store, roleId);
    if (role.status !== 'defined' || role.definition!.kind !== 'member')
      throw new DomainError('identity.role_not_found');
    const member = await this.db.collection<MemberDocument>(MEMBERS).findOne({ _id: memberId });
    if (!member) throw new DomainError('common.not_found');
    const stream = grantStream(memberId, roleId);
    const result = await this.store.handle(
      roleGrantDecider,
      stream,
      { type: 'Extend', memberId, roleId, duration, unit, now: meta.now, reason, grantedBy: operationId },
      { ...meta, idempotencyKey: `role-extension:${operationId}` },
    );
    await this.applied(result);
    const granted = result.events[0] as unknown as RoleGrantEvent | undefined;
    if (granted?.type === 'RoleGranted') return { validUntil: granted.data.validUntil };
    // Nothing appended: the member holds the role for good.
    return {
      validUntil: fold(roleGrantDecider, (await this.store.readStream(stream)) as unknown as RoleGrantEvent[])
        .validUntil,
    };
  }
}

@CommandHandler(RevokeRoleCommand)
export class RevokeRoleHandler extends RoleCommandHandler implements ICommandHandler<RevokeRoleCommand> {
  constructor(store: EventStore, waiter: ProjectionWaiter, @Inject(APP_CONFIG) config: AppConfig) {
    super(store, waiter, config);
  }

  async execute({ memberId, roleId, reason, meta }: RevokeRoleCommand): Promise<void> {
    const result = await this.store.handle(
      roleGrantDecider,
      grantStream(memberId, roleId),
      { type: 'Revoke', memberId, roleId, reason, revokedBy: meta.actor.id },
      meta,
    );
    await this.applied(result);
  }
}

import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor, Permission } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, LruMap } from '@forum/event-store';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { CONTEXT_DB } from '../event-sourcing/event-sourcing.module';
import { isSystemModerator } from '../review/content-moderation';
import { EffectivePermissions, effectivePermissions } from './effective-permissions';
import { permissionChanges, PermissionChange } from './permission-changes';
import {
  PERMISSION_GRANTS,
  PERMISSION_ROLES,
  PermissionGrantDocument,
  PermissionRoleDocument,
} from './permission-sets.projection';

/**
 * Bounds how stale a cached set may be when the projection that changed it ran in another replica of the
 * service (in this process every change drops the cache at once): a revoked role is refused there within a second.
 */
const MAX_AGE_MS = 1_000;
const CACHED_MEMBERS = 50_000;
/** How long to keep watching for a change's write to land before giving up (the cache then just ages out). */
const FLUSH_WAIT_MS = 60_000;

interface Cached<T> {
  loadedAt: number;
  value: Promise<T>;
}

/**
 * Who may do what, in any context: each member's effective permission set is computed from this context's copy
 * of identity's roles and grants (`permissionSetsProjection(context)`), cached in memory per member, dropped when
 * a role or grant event is applied. Expiry (`validUntil`) is compared with the caller's clock at every check.
 *
 * Provide it in the context module (`providers: [PermissionChecker]`) next to the projection.
 */
@Injectable()
export class PermissionChecker implements OnModuleDestroy {
  private readonly context: string;
  private roles: Cached<Map<string, PermissionRoleDocument>> | null = null;
  private readonly grants = new LruMap<string, Cached<PermissionGrantDocument[]>>(CACHED_MEMBERS);
  private readonly stopListening: () => void;

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly waiter: ProjectionWaiter,
  ) {
    this.context = db.databaseName.slice(config.MONGO_DB_PREFIX.length);
    this.stopListening = permissionChanges.listen(this.context, (change) => this.changed(change));
  }

  onModuleDestroy(): void {
    this.stopListening();
  }

  /** The actor's permissions at `now` (the request's clock): load once, then filter a whole list with it. */
  async effective(actor: Actor, now: Date = new Date()): Promise<EffectivePermissions> {
    if (actor.kind === 'system' || isSystemModerator(actor)) return EffectivePermissions.everything();
    const [roles, grants] = await Promise.all([this.loadRoles(), actor.id ? this.loadGrants(actor.id) : []]);
    return effectivePermissions(actor, roles, grants, now);
  }

  /** Whether the actor holds `permission` (on `tagId`, or on at least one tag when none is given). */
  async can(actor: Actor, permission: Permission, tagId?: string | null, now?: Date): Promise<boolean> {
    return (await this.effective(actor, now)).has(permission, tagId);
  }

  /** Like `can`, but refuses with `auth.forbidden` (403); a visitor gets `auth.unauthorized` (log in first). */
  async require(actor: Actor, permission: Permission, tagId?: string | null, now?: Date): Promise<void> {
    if (await this.can(actor, permission, tagId, now)) return;
    throw new DomainError(actor.id ? 'auth.forbidden' : 'auth.unauthorized');
  }

  /** Tags whose topics the actor may see: `null` = every tag. For list queries (`tagIds: {$in: …}`). */
  async visibleTagIds(actor: Actor, now?: Date): Promise<string[] | null> {
    return (await this.effective(actor, now)).tagIds('topic.view');
  }

  private loadRoles(): Promise<Map<string, PermissionRoleDocument>> {
    if (!this.roles || Date.now() - this.roles.loadedAt > MAX_AGE_MS) {
      const value = this.db
        .collection<PermissionRoleDocument>(PERMISSION_ROLES)
        .find({ deleted: false })
        .toArray()
        .then((roles) => new Map(roles.map((role) => [role._id, role])));
      const entry = { loadedAt: Date.now(), value };
      value.catch(() => this.roles === entry && (this.roles = null));
      this.roles = entry;
    }
    return this.roles.value;
  }

  private loadGrants(memberId: string): Promise<PermissionGrantDocument[]> {
    const cached = this.grants.get(memberId);
    if (cached && Date.now() - cached.loadedAt <= MAX_AGE_MS) return cached.value;
    const value = this.db
      .collection<PermissionGrantDocument>(PERMISSION_GRANTS)
      .find({ memberId, active: true })
      .toArray();
    const entry = { loadedAt: Date.now(), value };
    value.catch(() => this.grants.get(memberId) === entry && this.grants.delete(memberId));
    this.grants.set(memberId, entry);
    return value;
  }

  /**
   * Dropped twice: when the projection applies the event, and again once its write has landed, so that a set
   * loaded in between (still without the change) is not kept.
   */
  private changed(change: PermissionChange): void {
    const drop = () => (change.memberId === null ? (this.roles = null) : this.grants.delete(change.memberId));
    drop();
    void this.waiter.waitFor(change.projection, change.streamId, change.version, FLUSH_WAIT_MS).then(drop);
  }
}

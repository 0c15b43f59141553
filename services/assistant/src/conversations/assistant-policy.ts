import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PermissionChecker, requireMember, SiteSettingsCache } from '@forum/platform';

const RATE_WINDOWS = 'assistant_rate_windows';
const HOUR_MS = 3_600_000;

export interface AssistantAccess {
  /** The switch is on (or the reader is staff, whom a closed switch does not stop). */
  enabled: boolean;
  /** The reader may use it: signed in, switch on, and the `aiAssistant` permission (staff always). */
  allowed: boolean;
  /** What staff wrote for members when the switch is off. */
  message: string;
}

/**
 * Who may ask the assistant (docs/rules/assistant.md): signed-in members holding the `aiAssistant` permission (granted by
 * roles), while the `aiAssistant` switch is on; staff always. And how often: `assistant.perMemberPerHour`
 * questions per member and clock hour, counted in this context's database so every replica shares the count.
 */
@Injectable()
export class AssistantPolicy {
  constructor(
    private readonly settings: SiteSettingsCache,
    private readonly permissions: PermissionChecker,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async access(actor: Actor, now: Date): Promise<AssistantAccess> {
    const { enabled, message } = this.settings.current().switches.aiAssistant;
    const staff = actor.kind === 'staff' && !!actor.id;
    if (staff) return { enabled: true, allowed: true, message: '' };
    if (!enabled) return { enabled: false, allowed: false, message };
    const member = actor.kind === 'member' && !!actor.id;
    return { enabled, allowed: member && (await this.permissions.can(actor, 'aiAssistant', null, now)), message };
  }

  /** Refuses a visitor (401), a closed switch (with the staff's message) or a member without the permission. */
  async require(actor: Actor, now: Date): Promise<string> {
    const { id } = requireMember(actor);
    const access = await this.access(actor, now);
    if (!access.enabled) throw new DomainError('assistant.disabled', {}, undefined, access.message);
    if (!access.allowed) throw new DomainError('assistant.forbidden');
    return id;
  }

  /** Counts one question of the member's hour, refusing it past the limit (staff are not limited). */
  async countQuestion(actor: Actor, now: Date): Promise<void> {
    if (actor.kind === 'staff') return;
    const limit = this.settings.current().assistant.perMemberPerHour;
    const hour = Math.floor(now.getTime() / HOUR_MS);
    const window = await this.db
      .collection<{ _id: string; count: number; expiresAt: Date }>(RATE_WINDOWS)
      .findOneAndUpdate(
        { _id: `${actor.id}:${hour}` },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date((hour + 2) * HOUR_MS) } },
        { upsert: true, returnDocument: 'after' },
      );
    if ((window?.count ?? 1) > limit) {
      const minutes = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now.getTime()) / 60_000));
      throw new DomainError('assistant.rate_limited', { minutes });
    }
  }
}

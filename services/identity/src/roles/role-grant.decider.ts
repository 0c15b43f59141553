import type { MembershipDurationUnit, RoleGrantEvent } from '@forum/contracts';
import { Decider } from '@forum/event-store';

export interface RoleGrantState {
  held: boolean;
  validUntil: string | null;
}

export type RoleGrantCommand =
  | {
      type: 'Grant';
      memberId: string;
      roleId: string;
      /** ISO time; null = for good. */
      validUntil: string | null;
      reason: string;
      grantedBy: string | null;
    }
  | { type: 'Revoke'; memberId: string; roleId: string; reason: string; revokedBy: string | null }
  | {
      /** A bought period (membership card): added to the current end while it lasts, else to `now`. */
      type: 'Extend';
      memberId: string;
      roleId: string;
      duration: number;
      unit: MembershipDurationUnit;
      now: Date;
      reason: string;
      grantedBy: string | null;
    };

/**
 * `start` plus a period, in UTC. A month or a year ends on the same day of the month, or on the month's last day
 * when it has no such day (31 Jan + 1 month = 28/29 Feb), so a period never spills into the next month.
 */
export function addPeriod(start: Date, duration: number, unit: MembershipDurationUnit): Date {
  if (unit === 'hour') return new Date(start.getTime() + duration * 3_600_000);
  if (unit === 'day') return new Date(start.getTime() + duration * 86_400_000);
  const months = unit === 'year' ? duration * 12 : duration;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * One member holding one role (`roleGrant-<memberId>.<roleId>`). Granting again sets the new period (a renewed
 * membership card extends it); the same grant twice changes nothing, so a retried reactor step is harmless.
 * Expiry is not an event: readers compare `validUntil` with their clock.
 */
export const roleGrantDecider: Decider<RoleGrantState, RoleGrantCommand, RoleGrantEvent> = {
  name: 'roleGrant',
  initialState: () => ({ held: false, validUntil: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RoleGranted':
        return { held: true, validUntil: event.data.validUntil };
      case 'RoleRevoked':
        return { held: false, validUntil: null };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Grant': {
        if (state.held && state.validUntil === command.validUntil) return [];
        const { memberId, roleId, validUntil, reason, grantedBy } = command;
        return [{ type: 'RoleGranted', data: { memberId, roleId, validUntil, reason, grantedBy } }];
      }
      case 'Extend': {
        // Held for good already: a bought period adds nothing.
        if (state.held && state.validUntil === null) return [];
        const { memberId, roleId, duration, unit, now, reason, grantedBy } = command;
        const currentEnd = state.held ? new Date(state.validUntil!) : null;
        const start = currentEnd && currentEnd > now ? currentEnd : now;
        const validUntil = addPeriod(start, duration, unit).toISOString();
        return [{ type: 'RoleGranted', data: { memberId, roleId, validUntil, reason, grantedBy } }];
      }
      case 'Revoke': {
        if (!state.held) return [];
        const { memberId, roleId, reason, revokedBy } = command;
        return [{ type: 'RoleRevoked', data: { memberId, roleId, reason, revokedBy } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

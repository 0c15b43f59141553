import type { RoleGrantEvent } from '@forum/contracts';
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
  | { type: 'Revoke'; memberId: string; roleId: string; reason: string; revokedBy: string | null };

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

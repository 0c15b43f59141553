import type { MemberContactEvent, MemberEvent, MemberProfileEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/**
 * The profile side of the member stream (`member-<id>`): nickname, activity visibility, avatar, password
 * changes, cancellation. It folds the same stream as `memberDecider`, ignoring what is not its business, so
 * registration and contact changes stay where they are written.
 */
export interface ProfileState {
  registered: boolean;
  nickname: string;
  allowUserDynamic: boolean;
  avatarUrl: string | null;
  cancelled: boolean;
}

export type ProfileCommand =
  | { type: 'ChangeProfile'; memberId: string; nickname: string; allowUserDynamic: boolean; now: Date }
  | { type: 'ChangeAvatar'; memberId: string; avatarUrl: string; now: Date }
  | { type: 'ChangePassword'; memberId: string; now: Date }
  | { type: 'Cancel'; memberId: string; by: 'member' | 'staff'; now: Date };

type ProfileStreamEvent = MemberEvent | MemberProfileEvent | MemberContactEvent;

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileStreamEvent> = {
  name: 'profile',
  initialState: () => ({ registered: false, nickname: '', allowUserDynamic: true, avatarUrl: null, cancelled: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MemberRegistered':
        return { ...state, registered: true, nickname: event.data.nickname };
      case 'ProfileChanged':
        return { ...state, nickname: event.data.nickname, allowUserDynamic: event.data.allowUserDynamic };
      case 'AvatarChanged':
        return { ...state, avatarUrl: event.data.avatarUrl };
      case 'MemberCancelled':
        return { ...state, cancelled: true, avatarUrl: null };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (!state.registered) throw new DomainError('identity.member_not_found');
    if (state.cancelled) {
      if (command.type === 'Cancel') return [];
      throw new DomainError('identity.account_cancelled');
    }
    const at = command.now.toISOString();
    switch (command.type) {
      case 'ChangeProfile':
        if (command.nickname === state.nickname && command.allowUserDynamic === state.allowUserDynamic) return [];
        return [
          {
            type: 'ProfileChanged',
            data: {
              memberId: command.memberId,
              nickname: command.nickname,
              allowUserDynamic: command.allowUserDynamic,
              changedAt: at,
            },
          },
        ];
      case 'ChangeAvatar':
        if (command.avatarUrl === state.avatarUrl) return [];
        return [
          { type: 'AvatarChanged', data: { memberId: command.memberId, avatarUrl: command.avatarUrl, changedAt: at } },
        ];
      case 'ChangePassword':
        return [{ type: 'PasswordChanged', data: { memberId: command.memberId, at, reason: 'change' } }];
      case 'Cancel':
        return [{ type: 'MemberCancelled', data: { memberId: command.memberId, by: command.by, cancelledAt: at } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

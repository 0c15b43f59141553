import type { OAuthLinkEvent } from '@forum/contracts';
import { Decider } from '@forum/event-store';

export interface OAuthLinkState {
  memberId: string | null;
}

export type OAuthLinkCommand = { type: 'Link'; provider: string; memberId: string; now: Date };

/** A third-party account belongs to the first member linked to it; later links change nothing. */
export const oauthLinkDecider: Decider<OAuthLinkState, OAuthLinkCommand, OAuthLinkEvent> = {
  name: 'oauthLink',
  initialState: () => ({ memberId: null }),
  evolve: (state, event) => (event.type === 'OAuthAccountLinked' ? { memberId: event.data.memberId } : state),
  decide(command, state) {
    if (state.memberId) return [];
    return [
      {
        type: 'OAuthAccountLinked',
        data: { provider: command.provider, memberId: command.memberId, linkedAt: command.now.toISOString() },
      },
    ];
  },
};

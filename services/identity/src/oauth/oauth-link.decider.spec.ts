import type { OAuthLinkEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { oauthLinkDecider } from './oauth-link.decider';

const now = new Date('2026-11-21T10:00:00Z');
const linked = (memberId: string): OAuthLinkEvent => ({
  type: 'OAuthAccountLinked',
  data: { provider: 'sandbox', memberId, linkedAt: now.toISOString() },
});

describe('oauth link decider', () => {
  it('links an unlinked third-party account to the member', () => {
    given(oauthLinkDecider)
      .when({ type: 'Link', provider: 'sandbox', memberId: 'm1', now })
      .then([linked('m1')]);
  });

  it('keeps the first member: a racing second first-login links nothing', () => {
    given(oauthLinkDecider, [linked('m1')])
      .when({ type: 'Link', provider: 'sandbox', memberId: 'm2', now })
      .thenNothingHappened();
  });
});

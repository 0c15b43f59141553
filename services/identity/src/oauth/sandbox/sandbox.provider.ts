import { DomainError } from '@forum/event-store';
import type { AuthorizationRequest, OAuthProvider, ProviderUser } from '../oauth-provider';
import { SANDBOX_CLIENT_ID, SandboxAuthority, SandboxGrantError } from './sandbox-authority';

export const SANDBOX_PROVIDER_ID = 'sandbox';

/**
 * The built-in provider for development and the demo: the browser goes to identity's own sandbox pages; the code
 * exchange and user info run the sandbox authority in process (the same code its HTTP endpoints run), so the
 * site needs no address of its own to log in through it.
 */
export class SandboxOAuthProvider implements OAuthProvider {
  readonly id = SANDBOX_PROVIDER_ID;
  readonly name = 'Sandbox';

  constructor(private readonly authority: SandboxAuthority) {}

  authorizeUrl({ state, codeChallenge, redirectUri }: AuthorizationRequest): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    return `/api/identity/oauth-sandbox/authorize?${query.toString()}`;
  }

  async userFor(code: string, codeVerifier: string, redirectUri: string): Promise<ProviderUser> {
    const now = new Date();
    try {
      const { accessToken } = await this.authority.exchange(
        { code, clientId: SANDBOX_CLIENT_ID, redirectUri, codeVerifier },
        now,
      );
      const info = await this.authority.userInfo(accessToken, now);
      return { subject: info.sub, nickname: info.nickname };
    } catch (error) {
      if (error instanceof SandboxGrantError) throw new DomainError('identity.oauth_failed');
      throw error;
    }
  }
}

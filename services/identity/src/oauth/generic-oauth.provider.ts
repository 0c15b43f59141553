import type { SiteSettings } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import type { AuthorizationRequest, OAuthProvider, ProviderUser } from './oauth-provider';

export type OAuthProviderSettings = SiteSettings['oauthProviders'][number];

const TIMEOUT_MS = 10_000;

function failed(reason: string, cause?: unknown): DomainError {
  const error = new DomainError('identity.oauth_failed');
  error.cause = cause ?? reason;
  return error;
}

/** `a.b.c` inside a JSON document; numbers become strings (GitHub's ids are numbers). */
function pick(document: unknown, path: string): string | null {
  let current: unknown = document;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key];
  }
  if (typeof current === 'number' && Number.isFinite(current)) return String(current);
  return typeof current === 'string' && current.trim() !== '' ? current.trim() : null;
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    // Some token endpoints answer form-encoded unless asked otherwise.
    return Object.fromEntries(new URLSearchParams(text));
  }
}

/**
 * Any OAuth 2 provider speaking the authorization-code grant with PKCE (RFC 6749, RFC 7636), configured by staff:
 * the client authenticates with its secret in the token request body, then reads the user info with the token.
 */
export class GenericOAuthProvider implements OAuthProvider {
  readonly id: string;
  readonly name: string;

  constructor(
    private readonly settings: OAuthProviderSettings,
    private readonly clientSecret: () => Promise<string>,
  ) {
    this.id = settings.id;
    this.name = settings.name;
  }

  authorizeUrl({ state, codeChallenge, redirectUri }: AuthorizationRequest): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    if (this.settings.scope) url.searchParams.set('scope', this.settings.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  async userFor(code: string, codeVerifier: string, redirectUri: string): Promise<ProviderUser> {
    const accessToken = await this.exchange(code, codeVerifier, redirectUri);
    let response: Response;
    try {
      response = await fetch(this.settings.userInfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw failed('user info unreachable', error);
    }
    if (!response.ok) throw failed(`user info answered ${response.status}`);
    const info = await json(response);
    const subject = pick(info, this.settings.idField);
    if (!subject) throw failed(`user info lacks "${this.settings.idField}"`);
    return { subject, nickname: pick(info, this.settings.nicknameField) };
  }

  private async exchange(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: this.settings.clientId,
          client_secret: await this.clientSecret(),
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw failed('token endpoint unreachable', error);
    }
    const answer = (await json(response)) as { access_token?: unknown; error?: unknown };
    if (!response.ok || answer.error || typeof answer.access_token !== 'string') {
      throw failed(`token endpoint answered ${response.status} ${String(answer.error ?? '')}`);
    }
    return answer.access_token;
  }
}

/** What the login needs from the provider's user info. */
export interface ProviderUser {
  /** The provider's stable id of the account. */
  subject: string;
  nickname: string | null;
}

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** One OAuth 2 authorization-code provider, as the login flow uses it. */
export interface OAuthProvider {
  id: string;
  name: string;
  /** Where to send the browser (absolute, or relative to this site for the built-in sandbox). */
  authorizeUrl(request: AuthorizationRequest): string;
  /** Trades the code for the user (token endpoint, then user info); throws `identity.oauth_failed`. */
  userFor(code: string, codeVerifier: string, redirectUri: string): Promise<ProviderUser>;
}

import type { ProviderContext } from '../providers/provider-context';

/** `GET /api/identity/captcha`: an SVG data URI to show and the key to send back with the typed text. */
export interface Captcha {
  captchaKey: string;
  image: string;
  expiresInSeconds: number;
}

/** The sign-in page's part of every console provider. */
export interface LoginVerbs {
  captcha(): Promise<Captcha>;
}

export function loginVerbs({ read }: ProviderContext): LoginVerbs {
  return { captcha: () => read<Captcha>('identity/captcha') };
}

import type { SiteSettings } from '@forum/contracts';
import { DomainError } from '@forum/event-store';

export type AccountMethod = 'account' | 'phone' | 'email' | 'oauth';

/**
 * The gate of every registration and login, whatever the method: the switch first (with staff's message),
 * then whether this method is offered (`identity.method_disabled`).
 */
export function ensureMethodAllowed(
  settings: SiteSettings,
  action: 'registration' | 'login',
  method: AccountMethod,
): void {
  const gate = settings.switches[action];
  if (!gate.enabled) {
    const code = action === 'login' ? 'identity.login_disabled' : 'identity.registration_disabled';
    throw new DomainError(code, {}, undefined, gate.message);
  }
  const offered = action === 'login' ? settings.loginMethods : settings.registrationMethods;
  if (!offered.includes(method)) throw new DomainError('identity.method_disabled');
}

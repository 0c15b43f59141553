import { segment } from '../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../providers/provider-context';

/** The settings as the server sends them; their shape is `siteSettingsSchema` in the contracts. */
export type SiteSettingsDocument = Record<string, unknown>;

export interface AssistantApiKeyState {
  set: boolean;
  setAt: string | null;
}

/**
 * The settings screen's part of every console provider: the site settings (moderation), a login provider's
 * secret (identity) and the assistant's API key (assistant), each kept by its own context.
 */
export interface SettingsVerbs {
  /** The whole site settings document (moderation context). */
  siteSettings(): Promise<SiteSettingsDocument>;
  /** Top-level sections to change (a nested section is merged key by key); answers the settings after the change. */
  changeSettings(changes: Record<string, unknown>, options?: CommandOptions): Promise<SiteSettingsDocument>;
  /** A third-party login provider's client secret, kept by identity only (never in the settings). */
  setOAuthClientSecret(providerId: string, clientSecret: string, options?: CommandOptions): Promise<{ data: unknown }>;
  /** The AI assistant's OpenAI-compatible API key, kept by the assistant service only: set, cleared, never read. */
  setAssistantApiKey(apiKey: string, options?: CommandOptions): Promise<{ data: unknown }>;
  clearAssistantApiKey(options?: CommandOptions): Promise<{ data: unknown }>;
  assistantApiKeyState(): Promise<AssistantApiKeyState>;
}

export function settingsVerbs({ read, command }: ProviderContext): SettingsVerbs {
  return {
    siteSettings: () => read<SiteSettingsDocument>('moderation/settings'),
    async changeSettings(changes, options) {
      const { data } = await command('moderation/settings', changes, options, 'PATCH');
      return data as SiteSettingsDocument;
    },
    setOAuthClientSecret: (providerId, clientSecret, options) =>
      command(`identity/oauth/providers/${segment(providerId)}/secret`, { clientSecret }, options, 'PUT'),
    setAssistantApiKey: (apiKey, options) => command('assistant/staff/api-key', { apiKey }, options, 'PUT'),
    clearAssistantApiKey: (options) => command('assistant/staff/api-key', undefined, options, 'DELETE'),
    assistantApiKeyState: () => read<AssistantApiKeyState>('assistant/staff/api-key'),
  };
}

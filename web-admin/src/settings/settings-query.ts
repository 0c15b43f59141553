/** The settings document's query, shared by the editor and the inputs that act on saved settings. */
export const SETTINGS_QUERY_KEY = ['moderation', 'site-settings'] as const;

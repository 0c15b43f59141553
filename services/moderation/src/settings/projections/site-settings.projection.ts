import type { EventEnvelope, SettingsEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const SITE_SETTINGS = 'site_settings';
export const SITE_SETTINGS_ID = 'site';

/** The current settings sections that differ from the defaults, in one document. */
export const siteSettingsProjection: ProjectionDefinition = {
  name: 'site-settings',
  version: 1,
  topics: ['moderation.settings'],
  collections: [SITE_SETTINGS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SettingsEvent;
    if (event.type === 'SettingsChanged') {
      writer.upsertVersioned(SITE_SETTINGS, SITE_SETTINGS_ID, envelope, { $set: event.data.changes });
    }
  },
};

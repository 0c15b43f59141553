import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from '@forum/contracts';
import type { SiteSettings } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import { SITE_SETTINGS, SITE_SETTINGS_ID } from '../projections/site-settings.projection';

const FRESH_FOR_MS = 1000;

/** Reads the settings projection (one document by `_id`), merged over the defaults, cached for a second. */
@Injectable()
export class SiteSettingsReader {
  private cached: { settings: SiteSettings; at: number } | null = null;

  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async current(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < FRESH_FOR_MS) return this.cached.settings;
    const stored = await this.db.collection<{ _id: string }>(SITE_SETTINGS).findOne({ _id: SITE_SETTINGS_ID });
    const { _id, _version, ...sections } = (stored ?? {}) as Record<string, unknown>;
    const settings = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...sections });
    this.cached = { settings: settings.success ? settings.data : DEFAULT_SITE_SETTINGS, at: Date.now() };
    return this.cached.settings;
  }

  /** After a change: the next read goes to the projection. */
  forget(): void {
    this.cached = null;
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata, SiteSettings } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { siteSettingsProjection } from '../projections/site-settings.projection';
import { SiteSettingsReader } from '../queries/site-settings.reader';
import { settingsDecider } from '../settings.decider';

export const SETTINGS_STREAM = 'settings-site';

export class ChangeSettingsCommand extends Command<SiteSettings> {
  constructor(
    readonly changes: Record<string, unknown>,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(ChangeSettingsCommand)
export class ChangeSettingsHandler implements ICommandHandler<ChangeSettingsCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly reader: SiteSettingsReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ changes, meta }: ChangeSettingsCommand): Promise<SiteSettings> {
    if (meta.actor.kind !== 'staff') throw new DomainError('auth.forbidden');
    const result = await this.store.handle(settingsDecider, SETTINGS_STREAM, { type: 'ChangeSettings', changes }, meta);
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        siteSettingsProjection.name,
        SETTINGS_STREAM,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
      this.reader.forget();
    }
    return this.reader.current();
  }
}

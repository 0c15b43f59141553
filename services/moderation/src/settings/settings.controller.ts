import { Controller, Get, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata, SiteSettings } from '@forum/contracts';
import { CommandMeta, RequiresPermission, ValidBody } from '@forum/platform';
import { ChangeSettingsCommand } from './commands/change-settings';
import { SiteSettingsReader } from './queries/site-settings.reader';

/** Staff read and change the site settings; each change is a `SettingsChanged` event (the audit trail). */
@ApiTags('moderation')
@Controller('moderation/settings')
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: SiteSettingsReader,
  ) {}

  @RequiresPermission('settings.read')
  @Get()
  current(): Promise<SiteSettings> {
    return this.reader.current();
  }

  @RequiresPermission('settings.edit')
  @Patch()
  change(
    @ValidBody(z.record(z.string(), z.unknown())) changes: Record<string, unknown>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<SiteSettings> {
    return this.commands.execute(new ChangeSettingsCommand(changes, meta));
  }
}

import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, RateLimit, RequiresPermission, ValidBody } from '@forum/platform';
import { SetApiKeyCommand } from './api-key.commands';
import { AssistantApiKey } from './api-key.store';

const apiKeyBody = z.strictObject({ apiKey: z.string().trim().min(1).max(500) });

/**
 * Staff set the OpenAI-compatible provider's API key here; it is written, never read back. Each change is also an
 * event without the key (`AssistantApiKeySet` / `Cleared`), so the audit log shows who changed it.
 */
@ApiTags('assistant')
@RequiresPermission('settings.edit')
@Controller('assistant/staff/api-key')
export class ApiKeyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly key: AssistantApiKey,
  ) {}

  @Get()
  state(): Promise<{ set: boolean; setAt: string | null }> {
    return this.key.state();
  }

  @Put()
  @HttpCode(204)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'member' })
  async set(@ValidBody(apiKeyBody) { apiKey }: z.infer<typeof apiKeyBody>, @CommandMeta() meta: CommandMetadata) {
    await this.commands.execute(new SetApiKeyCommand(apiKey, meta));
  }

  @Delete()
  @HttpCode(204)
  async clear(@CommandMeta() meta: CommandMetadata): Promise<void> {
    await this.commands.execute(new SetApiKeyCommand(null, meta));
  }
}

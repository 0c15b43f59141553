import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { withoutAddress } from '../without-address';
import { apiKeyDecider, apiKeyStream } from './api-key.decider';
import { AssistantApiKey } from './api-key.store';

/**
 * Staff set (`apiKey`) or clear (`null`) the OpenAI-compatible provider's API key; it is written, never read back.
 * Each change is also an event without the key (`AssistantApiKeySet` / `Cleared`), so the audit log shows who.
 */
export class SetApiKeyCommand extends Command<void> {
  constructor(
    readonly apiKey: string | null,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SetApiKeyCommand)
export class SetApiKeyHandler implements ICommandHandler<SetApiKeyCommand> {
  constructor(
    private readonly key: AssistantApiKey,
    private readonly store: EventStore,
  ) {}

  async execute({ apiKey, meta }: SetApiKeyCommand): Promise<void> {
    if (apiKey === null) await this.key.clear();
    else await this.key.set(apiKey, meta.now);
    const command =
      apiKey === null ? ({ type: 'Clear', now: meta.now } as const) : ({ type: 'Set', now: meta.now } as const);
    await this.store.handle(apiKeyDecider, apiKeyStream, command, withoutAddress(meta));
  }
}

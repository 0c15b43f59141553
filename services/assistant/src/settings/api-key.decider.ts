import { streamId } from '@forum/contracts';
import type { AssistantApiKeyEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

export const apiKeyStream = streamId('apiKey', 'openai');

export type ApiKeyCommand = { type: 'Set'; now: Date } | { type: 'Clear'; now: Date };

/** That the provider's key changed, and who changed it (the key itself stays in `assistant_secrets`). */
export const apiKeyDecider: Decider<{ set: boolean }, ApiKeyCommand, AssistantApiKeyEvent> = {
  name: 'apiKey',
  initialState: () => ({ set: false }),
  evolve: (_state, event) => ({ set: event.type === 'AssistantApiKeySet' }),
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'Set') return [{ type: 'AssistantApiKeySet', data: { at } }];
    return state.set ? [{ type: 'AssistantApiKeyCleared', data: { at } }] : [];
  },
};

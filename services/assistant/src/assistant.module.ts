import { Module } from '@nestjs/common';
import { EventSourcingModule, PermissionChecker, permissionSetsProjection } from '@forum/platform';
import { AssistantPolicy } from './conversations/assistant-policy';
import { Conversations } from './conversations/conversations';
import { AskAssistantHandler, RemoveConversationHandler } from './conversations/conversation.commands';
import { ConversationsController } from './conversations/conversations.controller';
import { conversationsProjection } from './conversations/conversations.projection';
import { SetApiKeyHandler } from './settings/api-key.commands';
import { ApiKeyController } from './settings/api-key.controller';
import { AssistantApiKey } from './settings/api-key.store';

/** Every read model of the assistant context (also listed for the rebuild command). */
export const ASSISTANT_PROJECTIONS = [conversationsProjection, permissionSetsProjection('assistant')];

/**
 * The AI assistant (docs/rules/assistant.md, ADR 0022): members' conversations, answered by the offline assistant or an
 * OpenAI-compatible provider, both fed only public content by the search context's `search.query`.
 */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'assistant', projections: ASSISTANT_PROJECTIONS })],
  controllers: [ConversationsController, ApiKeyController],
  providers: [
    PermissionChecker,
    AssistantPolicy,
    AssistantApiKey,
    Conversations,
    AskAssistantHandler,
    RemoveConversationHandler,
    SetApiKeyHandler,
  ],
})
export class AssistantModule {}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId, searchQueryCommand, translateError } from '@forum/contracts';
import type { AssistantSource, CommandMetadata, AssistantConversationEvent, Language } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PeerCommands, requireMember, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { ProviderError } from '../providers/assistant-provider';
import type { AssistantProvider, ChatTurn, PublicSnippet } from '../providers/assistant-provider';
import { OfflineProvider } from '../providers/offline.provider';
import { OpenAiCompatibleProvider } from '../providers/openai-compatible.provider';
import { AssistantApiKey } from '../settings/api-key.store';
import { AssistantPolicy } from './assistant-policy';
import { conversationDecider, conversationStream } from './conversation.decider';
import type { ConversationCommand } from './conversation.decider';
import { ASSISTANT_CONVERSATIONS, conversationsProjection } from './conversations.projection';
import type { ConversationDocument } from './conversations.projection';
import { withoutAddress } from '../without-address';

/** Public search results handed to a provider per question. */
const CONTEXT_RESULTS = 5;
/** `search.query` takes at most this many characters. */
const SEARCH_QUERY_LENGTH = 200;
const LISTED_CONVERSATIONS = 100;

/** What the member's browser receives while an answer streams (ADR 0022). */
export interface AnswerSink {
  start(info: { conversationId: string; messageId: string; provider: 'offline' | 'openai' }): void;
  sources(sources: AssistantSource[]): void;
  delta(text: string): void;
  done(info: { messageId: string }): void;
  error(error: { status: number; code: string; message: string; upstream: ProviderError['upstream'] | null }): void;
}

/** A question that passed every check and was recorded: what streaming its answer needs. */
export interface AcceptedQuestion {
  conversationId: string;
  messageId: string;
  question: string;
  history: ChatTurn[];
  language: Language;
  meta: CommandMetadata;
}

export interface ConversationSummary {
  conversationId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface ConversationView extends ConversationSummary {
  messages: ConversationDocument['messages'];
}

/** The turns of a conversation a provider sees: questions and answers that completed, oldest first. */
function historyOf(events: AssistantConversationEvent[], keep: number): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const event of events) {
    if (event.type === 'AssistantAsked') turns.push({ role: 'user', content: event.data.question });
    else if (event.type === 'AssistantAnswered') turns.push({ role: 'assistant', content: event.data.answer });
  }
  return keep === 0 ? [] : turns.slice(-keep);
}

/**
 * The member's conversations (docs/rules/assistant.md): a question is checked (permission, switch, length, the member's hourly
 * limit), recorded, answered by the configured provider as a stream, and the answer (or the failure the member
 * saw) recorded in turn. Both providers get the same public context: `search.query`, which answers with a
 * visitor's view of the site, so neither can see a hidden block or a restricted topic.
 */
@Injectable()
export class Conversations {
  private readonly logger = new Logger('assistant');

  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly policy: AssistantPolicy,
    private readonly settings: SiteSettingsCache,
    private readonly peers: PeerCommands,
    private readonly apiKey: AssistantApiKey,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async accept(conversationId: string, raw: string, language: Language, meta: CommandMetadata) {
    const memberId = await this.policy.require(meta.actor, meta.now);
    const question = raw.trim();
    const { maxQuestionLength, historyMessages } = this.settings.current().assistant;
    if (question.length > maxQuestionLength) {
      throw new DomainError('assistant.question_too_long', { max: maxQuestionLength });
    }
    const earlier = (await this.store.readStream(
      conversationStream(conversationId),
    )) as unknown as AssistantConversationEvent[];
    await this.policy.countQuestion(meta.actor, meta.now);
    const messageId = newId(meta.now.getTime());
    await this.handle(
      conversationId,
      {
        type: 'Ask',
        conversationId,
        memberId,
        messageId,
        question,
        now: meta.now,
      },
      meta,
    );
    return {
      conversationId,
      messageId,
      question,
      history: historyOf(earlier, historyMessages),
      language,
      meta,
    } satisfies AcceptedQuestion;
  }

  /** Streams the answer of an accepted question into `sink`; never throws (a failure is recorded and sent). */
  async answer(accepted: AcceptedQuestion, sink: AnswerSink, signal: AbortSignal): Promise<void> {
    const { conversationId, messageId, question, history, language, meta } = accepted;
    const provider = await this.provider();
    sink.start({ conversationId, messageId, provider: provider.kind });
    let answer = '';
    let sources: AssistantSource[] = [];
    try {
      const context = await this.publicContext(question, meta);
      for await (const chunk of provider.answer({ question, history, language, context, signal })) {
        if (signal.aborted) break;
        if (chunk.type === 'delta') {
          answer += chunk.text;
          sink.delta(chunk.text);
        } else {
          sources = chunk.sources;
          sink.sources(sources);
        }
      }
      if (signal.aborted) throw new ProviderError('assistant.provider_unavailable', 'stopped by the member');
      await this.handle(
        conversationId,
        {
          type: 'RecordAnswer',
          conversationId,
          messageId,
          answer,
          sources,
          provider: provider.kind,
          model: provider.model,
          now: new Date(),
        },
        meta,
      );
      sink.done({ messageId });
    } catch (caught) {
      const error =
        caught instanceof ProviderError
          ? caught
          : new ProviderError('assistant.provider_error', caught instanceof DomainError ? caught.code : '');
      if (!(caught instanceof ProviderError)) this.logger.error({ err: caught, conversationId }, 'answer failed');
      const translated = translateError(error.code, language);
      const message = error.message ? `${translated} (${error.message})` : translated;
      await this.handle(
        conversationId,
        {
          type: 'RecordFailure',
          conversationId,
          messageId,
          partial: answer,
          status: error.status,
          code: error.code,
          message,
          now: new Date(),
        },
        meta,
      ).catch((failure: unknown) => this.logger.error({ err: failure, conversationId }, 'failure not recorded'));
      sink.error({
        status: error.status,
        code: error.code,
        message,
        upstream: error.upstream.status === null ? null : error.upstream,
      });
    }
  }

  async list(meta: CommandMetadata): Promise<{ items: ConversationSummary[] }> {
    const memberId = await this.policy.require(meta.actor, meta.now);
    const documents = await this.db
      .collection<ConversationDocument>(ASSISTANT_CONVERSATIONS)
      .find({ memberId, deleted: false })
      .sort({ updatedAt: -1 })
      .limit(LISTED_CONVERSATIONS)
      .toArray();
    return { items: documents.map((document) => this.summaryOf(document)) };
  }

  async one(conversationId: string, meta: CommandMetadata): Promise<ConversationView> {
    const memberId = await this.policy.require(meta.actor, meta.now);
    const document = await this.db
      .collection<ConversationDocument>(ASSISTANT_CONVERSATIONS)
      .findOne({ _id: conversationId });
    if (!document || document.deleted || document.memberId !== memberId) {
      throw new DomainError('assistant.conversation_not_found');
    }
    return { ...this.summaryOf(document), messages: document.messages };
  }

  /** Members may delete their conversations even when the switch is off or the permission is gone. */
  async remove(conversationId: string, meta: CommandMetadata): Promise<{ conversationId: string; deleted: true }> {
    const { id } = requireMember(meta.actor);
    await this.handle(conversationId, { type: 'Delete', conversationId, memberId: id, now: meta.now }, meta);
    return { conversationId, deleted: true };
  }

  private summaryOf(document: ConversationDocument): ConversationSummary {
    return {
      conversationId: document._id,
      title: document.title,
      createdAt: document.createdAt,
      updatedAt: document.updatedAt,
      messageCount: document.messages.length,
    };
  }

  private async provider(): Promise<AssistantProvider> {
    const { provider, baseUrl, model } = this.settings.current().assistant;
    if (provider === 'offline') return new OfflineProvider();
    return new OpenAiCompatibleProvider({ baseUrl, model, apiKey: await this.apiKey.get() });
  }

  /** Public content about the question; a search that fails leaves the provider without context, not the member. */
  private async publicContext(question: string, meta: CommandMetadata): Promise<PublicSnippet[]> {
    try {
      const { items } = await this.peers.execute(
        searchQueryCommand,
        { q: question.slice(0, SEARCH_QUERY_LENGTH), limit: CONTEXT_RESULTS },
        withoutAddress(meta),
      );
      return items.map(({ type, id, title, snippet, url }) => ({ type, id, title, snippet, url }));
    } catch (error) {
      this.logger.warn({ err: error }, 'search.query failed: answering without site content');
      return [];
    }
  }

  private async handle(conversationId: string, command: ConversationCommand, meta: CommandMetadata) {
    const result = await this.store.handle(conversationDecider, conversationStream(conversationId), command, {
      ...withoutAddress(meta),
      idempotencyKey: undefined,
    });
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        conversationsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    }
    return result;
  }
}

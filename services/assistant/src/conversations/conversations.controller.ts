import { Controller, Delete, Get, Headers, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { languageOf } from '@forum/contracts';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CommandMeta, CurrentActor, Public, RateLimit, SiteSettingsCache, ValidBody } from '@forum/platform';
import { AssistantPolicy } from './assistant-policy';
import { AskAssistantCommand, RemoveConversationCommand } from './conversation.commands';
import { Conversations } from './conversations';
import type { AnswerSink, ConversationSummary, ConversationView } from './conversations';

/** The browser makes the id (`crypto.randomUUID()`), so a new conversation needs no round trip. */
const CONVERSATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Not empty; the length cap is a setting (`assistant.maxQuestionLength`), checked with it. */
const questionBody = z.strictObject({ question: z.string().trim().min(1).max(8000) });

function conversationId(id: string): string {
  if (!CONVERSATION_ID.test(id)) throw new DomainError('assistant.conversation_not_found');
  return id;
}

export interface AssistantStatus {
  enabled: boolean;
  allowed: boolean;
  /** Staff's message while the switch is off. */
  message: string;
  provider: 'offline' | 'openai';
  maxQuestionLength: number;
}

@ApiTags('assistant')
@Controller('assistant')
export class ConversationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly conversations: Conversations,
    private readonly policy: AssistantPolicy,
    private readonly settings: SiteSettingsCache,
  ) {}

  /** Whether the dialog is offered to this reader, and how (a visitor sees it off). */
  @Public()
  @Get('status')
  async status(@CurrentActor() actor: Actor): Promise<AssistantStatus> {
    const access = await this.policy.access(actor, new Date());
    const { provider, maxQuestionLength } = this.settings.current().assistant;
    return { ...access, allowed: access.allowed && !!actor.id, provider, maxQuestionLength };
  }

  @Get('conversations')
  list(@CommandMeta() meta: CommandMetadata): Promise<{ items: ConversationSummary[] }> {
    return this.conversations.list(meta);
  }

  @Get('conversations/:id')
  one(@Param('id') id: string, @CommandMeta() meta: CommandMetadata): Promise<ConversationView> {
    return this.conversations.one(conversationId(id), meta);
  }

  @Delete('conversations/:id')
  remove(@Param('id') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RemoveConversationCommand(conversationId(id), meta));
  }

  /**
   * Asks a question in a conversation (a new id starts one). A refused question is an ordinary JSON error; an
   * accepted one is answered as Server-Sent Events over this response (`start`, `sources`, `delta`…, then `done`
   * or `error` with status code, error code and message), read by the member site with `fetch`.
   */
  @Post('conversations/:id/messages')
  // A burst guard; the real limit is the per-member hourly setting (`assistant.perMemberPerHour`).
  @RateLimit({ limit: 20, windowSeconds: 60, by: 'member' })
  async ask(
    @Param('id') id: string,
    @ValidBody(questionBody) body: z.infer<typeof questionBody>,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CommandMeta() meta: CommandMetadata,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const accepted = await this.commands.execute(
      new AskAssistantCommand(conversationId(id), body.question, languageOf(acceptLanguage), meta),
    );
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event through at once instead of buffering the response.
      'x-accel-buffering': 'no',
    });
    const abort = new AbortController();
    raw.on('close', () => abort.abort());
    const send = (event: string, data: unknown) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const sink: AnswerSink = {
      start: (info) => send('start', info),
      sources: (sources) => send('sources', { sources }),
      delta: (text) => send('delta', { text }),
      done: (info) => send('done', info),
      error: (error) => send('error', error),
    };
    try {
      await this.conversations.answer(accepted, sink, abort.signal);
    } finally {
      raw.end();
    }
  }
}

import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import { CommandMeta, CurrentActor, RateLimit, requireMember, ValidBody, ValidQuery } from '@forum/platform';
import { pageQuery } from '../paging';
import type { PageQuery } from '../paging';
import { SentMessage } from './conversations';
import {
  DeleteConversationCommand,
  DeleteMessageCommand,
  ReadConversationCommand,
  SendMessageCommand,
  SetBlockCommand,
} from './conversation.commands';
import { BlockedMember, ConversationRow, ConversationsReader, MessageView } from './conversations.reader';

const sendBody = z.strictObject({
  toMemberId: z.string().min(1).max(64),
  content: z
    .string()
    .max(1000)
    .refine((text) => text.trim().length > 0, { params: { code: 'validation.required' }, message: 'required' }),
});

@ApiTags('messaging')
@Controller('messaging')
export class ConversationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: ConversationsReader,
  ) {}

  @Post('messages')
  @HttpCode(201)
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  send(
    @CurrentActor() actor: Actor,
    @ValidBody(sendBody) body: z.infer<typeof sendBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<SentMessage> {
    return this.commands.execute(new SendMessageCommand(actor, body.toMemberId, body.content, meta));
  }

  /** The members I refuse private messages from. */
  @Get('blocks')
  blocks(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<BlockedMember>> {
    return this.reader.blocks(requireMember(actor).id, query.page, query.pageSize);
  }

  @Put('blocks/:memberId')
  @HttpCode(204)
  async block(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new SetBlockCommand(actor, memberId, true, meta));
  }

  @Delete('blocks/:memberId')
  @HttpCode(204)
  async unblock(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new SetBlockCommand(actor, memberId, false, meta));
  }

  @Get('conversations')
  list(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<ConversationRow>> {
    return this.reader.list(requireMember(actor).id, query.page, query.pageSize);
  }

  /** The chat view, newest first. Viewing does not mark read: the client posts `read` when it shows the page. */
  @Get('conversations/:memberId/messages')
  chat(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<MessageView>> {
    return this.reader.chat(requireMember(actor).id, memberId, query.page, query.pageSize);
  }

  @Post('conversations/:memberId/read')
  @HttpCode(204)
  async read(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new ReadConversationCommand(actor, memberId, meta));
  }

  @Delete('conversations/:memberId')
  @HttpCode(204)
  async deleteConversation(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new DeleteConversationCommand(actor, memberId, meta));
  }

  @Delete('conversations/:memberId/messages/:messageId')
  @HttpCode(204)
  async deleteMessage(
    @CurrentActor() actor: Actor,
    @Param('memberId') memberId: string,
    @Param('messageId') messageId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new DeleteMessageCommand(actor, memberId, messageId, meta));
  }
}

import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { CommandMetadata, Page } from '@forum/contracts';
import {
  CommandMeta,
  Public,
  RateLimit,
  RequiresPermission,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { requestCodeBody } from './code.schemas';
import type { RequestCodeBody } from './code.schemas';
import { Outbox, OutboxMessage } from './outbox';
import { CodeSent, RequestCodeCommand } from './request-code';

const outboxQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(1000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
  channel: z.enum(['sms', 'email']).optional(),
});

@ApiTags('identity')
@Controller('identity')
export class CodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly outbox: Outbox,
  ) {}

  /** Sends an SMS or email code; the answer is the same whether or not an account has that phone or address. */
  @Public()
  @Post('codes')
  @HttpCode(200)
  @RateLimit({ limit: 10, windowSeconds: 60, by: 'ip' })
  request(@ValidBody(requestCodeBody) body: RequestCodeBody, @CommandMeta() meta: CommandMetadata): Promise<CodeSent> {
    return this.commands.execute(new RequestCodeCommand(body, meta));
  }

  /** Development outbox: the messages the outbox adapter kept instead of sending, newest first. */
  @RequiresPermission('outbox.read')
  @Get('staff/outbox')
  async staffOutbox(
    @ValidQuery(outboxQuery) { page, pageSize, channel }: z.infer<typeof outboxQuery>,
  ): Promise<Page<Omit<OutboxMessage, '_id'> & { id: string }>> {
    const { items, total } = await this.outbox.page(page, pageSize, channel);
    return pageOf(
      items.map(({ _id, ...message }) => ({ id: _id, ...message })),
      page,
      pageSize,
      total,
    );
  }
}

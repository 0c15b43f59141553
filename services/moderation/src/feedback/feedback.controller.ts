import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, Public, RateLimit, RequiresPermission, ValidBody, ValidQuery } from '@forum/platform';
import { FeedbackBox, feedbackBody, inboxQuery } from './feedback';
import type { FeedbackBody } from './feedback';
import { RemoveFeedbackCommand, SendFeedbackCommand } from './feedback.commands';

@ApiTags('moderation')
@Controller('moderation')
export class FeedbackController {
  constructor(
    private readonly commands: CommandBus,
    private readonly box: FeedbackBox,
  ) {}

  @Public()
  @Post('feedback')
  @HttpCode(201)
  @RateLimit({ limit: 5, windowSeconds: 60, by: 'ip' })
  send(@ValidBody(feedbackBody) body: FeedbackBody, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new SendFeedbackCommand(body, meta));
  }

  @RequiresPermission('content.manage')
  @Get('staff/feedback')
  inbox(@ValidQuery(inboxQuery) query: z.infer<typeof inboxQuery>) {
    return this.box.inbox(query);
  }

  @RequiresPermission('content.manage')
  @Delete('staff/feedback/:id')
  remove(@Param('id') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RemoveFeedbackCommand(id, meta));
  }
}

import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { REMINDER_TYPES } from '@forum/contracts';
import type { Actor, CommandMetadata, Page, ReminderView } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  listOf,
  RateLimit,
  requireMember,
  ValidBody,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { pageQuery } from '../paging';
import type { PageQuery } from '../paging';
import {
  DeleteReminderCommand,
  MarkAllRemindersReadCommand,
  MarkReminderReadCommand,
  SetReminderPreferencesCommand,
} from './reminder.commands';
import { ReminderPreferences, Reminders } from './reminders';

const preferencesBody = z.strictObject({
  disabledTypes: listOf(
    wholeNumber().refine((type) => (REMINDER_TYPES as readonly number[]).includes(type), {
      params: { code: 'validation.invalid_value' },
      message: 'unknown reminder type',
    }),
  )
    .pipe(z.array(z.number()).max(REMINDER_TYPES.length))
    .default([]),
});

@ApiTags('messaging')
@Controller('messaging')
export class RemindersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reminders: Reminders,
  ) {}

  /** Newest first, with read state; only the types the member receives. */
  @Get('reminders')
  list(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<ReminderView>> {
    return this.reminders.list(requireMember(actor).id, query.page, query.pageSize);
  }

  @Post('reminders/read-all')
  @HttpCode(204)
  async readAll(@CurrentActor() actor: Actor, @CommandMeta() meta: CommandMetadata): Promise<void> {
    await this.commands.execute(new MarkAllRemindersReadCommand(actor, meta));
  }

  @Post('reminders/:reminderId/read')
  @HttpCode(204)
  async read(
    @CurrentActor() actor: Actor,
    @Param('reminderId') reminderId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new MarkReminderReadCommand(actor, reminderId, meta));
  }

  @Delete('reminders/:reminderId')
  @HttpCode(204)
  async delete(
    @CurrentActor() actor: Actor,
    @Param('reminderId') reminderId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new DeleteReminderCommand(actor, reminderId, meta));
  }

  @Get('reminder-preferences')
  preferences(@CurrentActor() actor: Actor): Promise<ReminderPreferences> {
    return this.reminders.preferences(requireMember(actor).id);
  }

  /** The whole set of types the member does NOT want (an empty list: every type). */
  @Put('reminder-preferences')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  setPreferences(
    @CurrentActor() actor: Actor,
    @ValidBody(preferencesBody) body: z.infer<typeof preferencesBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<ReminderPreferences> {
    return this.commands.execute(new SetReminderPreferencesCommand(actor, body.disabledTypes, meta));
  }
}

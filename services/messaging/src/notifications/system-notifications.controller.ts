import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  requireMember,
  RequiresPermission,
  singleLine,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { pageQuery } from '../paging';
import type { PageQuery } from '../paging';
import {
  DeleteNotificationForMeCommand,
  EditNotificationCommand,
  MarkAllNotificationsReadCommand,
  MarkNotificationReadCommand,
  PublishNotificationCommand,
  WithdrawNotificationCommand,
} from './system-notification.commands';
import { NotificationView, StaffNotificationView, SystemNotifications } from './system-notifications';

const notBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => text.trim().length > 0, { params: { code: 'validation.required' }, message: 'required' });

const noticeBody = z.strictObject({ title: singleLine(notBlank(100)), content: notBlank(5000) });
type NoticeBody = z.infer<typeof noticeBody>;

@ApiTags('messaging')
@Controller('messaging/system-notifications')
export class SystemNotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly notifications: SystemNotifications,
  ) {}

  /** The member's notices, newest first, with read state. */
  @Get()
  list(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<NotificationView>> {
    return this.notifications.list(requireMember(actor).id, query.page, query.pageSize);
  }

  @Post('read-all')
  @HttpCode(204)
  async readAll(@CurrentActor() actor: Actor, @CommandMeta() meta: CommandMetadata): Promise<void> {
    await this.commands.execute(new MarkAllNotificationsReadCommand(actor, meta));
  }

  @Post(':notificationId/read')
  @HttpCode(204)
  async read(
    @CurrentActor() actor: Actor,
    @Param('notificationId') notificationId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new MarkNotificationReadCommand(actor, notificationId, meta));
  }

  /** Deletes the notice for the calling member only. */
  @Delete(':notificationId/for-me')
  @HttpCode(204)
  async deleteForMe(
    @CurrentActor() actor: Actor,
    @Param('notificationId') notificationId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new DeleteNotificationForMeCommand(actor, notificationId, meta));
  }
}

/** The staff console's side: publish, edit and withdraw broadcasts (`content.manage`). */
@ApiTags('messaging')
@Controller('messaging/staff/system-notifications')
@RequiresPermission('content.manage')
export class StaffNotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly notifications: SystemNotifications,
  ) {}

  /** Every notice, withdrawn ones included, newest first. */
  @Get()
  list(@ValidQuery(pageQuery) query: PageQuery): Promise<Page<StaffNotificationView>> {
    return this.notifications.staffList(query.page, query.pageSize);
  }

  @Get(':notificationId')
  one(@Param('notificationId') notificationId: string): Promise<StaffNotificationView> {
    return this.notifications.staffOne(notificationId);
  }

  @Post()
  @HttpCode(201)
  publish(
    @CurrentActor() actor: Actor,
    @ValidBody(noticeBody) body: NoticeBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ notificationId: string }> {
    return this.commands.execute(new PublishNotificationCommand(actor, body.title, body.content, meta));
  }

  @Patch(':notificationId')
  @HttpCode(204)
  async edit(
    @CurrentActor() actor: Actor,
    @Param('notificationId') notificationId: string,
    @ValidBody(noticeBody) body: NoticeBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new EditNotificationCommand(actor, notificationId, body.title, body.content, meta));
  }

  /** Withdraws the notice for everyone. */
  @Delete(':notificationId')
  @HttpCode(204)
  async withdraw(
    @CurrentActor() actor: Actor,
    @Param('notificationId') notificationId: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<void> {
    await this.commands.execute(new WithdrawNotificationCommand(actor, notificationId, meta));
  }
}

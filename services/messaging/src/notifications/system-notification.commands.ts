import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { SystemNotifications } from './system-notifications';

export class MarkAllNotificationsReadCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class MarkNotificationReadCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly notificationId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Deletes the notice for the calling member only. */
export class DeleteNotificationForMeCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly notificationId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff publish a broadcast (`content.manage`, checked on the route). */
export class PublishNotificationCommand extends Command<{ notificationId: string }> {
  constructor(
    readonly actor: Actor,
    readonly title: string,
    readonly content: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditNotificationCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly notificationId: string,
    readonly title: string,
    readonly content: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Withdraws the notice for everyone. */
export class WithdrawNotificationCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly notificationId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  async execute({ actor, meta }: MarkAllNotificationsReadCommand): Promise<void> {
    await this.notifications.markAllRead(actor, meta);
  }
}

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  async execute({ actor, notificationId, meta }: MarkNotificationReadCommand): Promise<void> {
    await this.notifications.markRead(actor, notificationId, meta);
  }
}

@CommandHandler(DeleteNotificationForMeCommand)
export class DeleteNotificationForMeHandler implements ICommandHandler<DeleteNotificationForMeCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  async execute({ actor, notificationId, meta }: DeleteNotificationForMeCommand): Promise<void> {
    await this.notifications.deleteForMe(actor, notificationId, meta);
  }
}

@CommandHandler(PublishNotificationCommand)
export class PublishNotificationHandler implements ICommandHandler<PublishNotificationCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  execute({ actor, title, content, meta }: PublishNotificationCommand): Promise<{ notificationId: string }> {
    return this.notifications.publish(actor, title, content, meta);
  }
}

@CommandHandler(EditNotificationCommand)
export class EditNotificationHandler implements ICommandHandler<EditNotificationCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  async execute({ actor, notificationId, title, content, meta }: EditNotificationCommand): Promise<void> {
    await this.notifications.edit(actor, notificationId, title, content, meta);
  }
}

@CommandHandler(WithdrawNotificationCommand)
export class WithdrawNotificationHandler implements ICommandHandler<WithdrawNotificationCommand> {
  constructor(private readonly notifications: SystemNotifications) {}

  async execute({ actor, notificationId, meta }: WithdrawNotificationCommand): Promise<void> {
    await this.notifications.withdraw(actor, notificationId, meta);
  }
}

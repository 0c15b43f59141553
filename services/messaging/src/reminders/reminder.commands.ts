import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { ReminderPreferences, Reminders } from './reminders';

export class MarkAllRemindersReadCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class MarkReminderReadCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly reminderId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class DeleteReminderCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly reminderId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** The reminder types a member does not want. */
export class SetReminderPreferencesCommand extends Command<ReminderPreferences> {
  constructor(
    readonly actor: Actor,
    readonly disabledTypes: number[],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(MarkAllRemindersReadCommand)
export class MarkAllRemindersReadHandler implements ICommandHandler<MarkAllRemindersReadCommand> {
  constructor(private readonly reminders: Reminders) {}

  async execute({ actor, meta }: MarkAllRemindersReadCommand): Promise<void> {
    await this.reminders.markAllRead(actor, meta);
  }
}

@CommandHandler(MarkReminderReadCommand)
export class MarkReminderReadHandler implements ICommandHandler<MarkReminderReadCommand> {
  constructor(private readonly reminders: Reminders) {}

  async execute({ actor, reminderId, meta }: MarkReminderReadCommand): Promise<void> {
    await this.reminders.markRead(actor, reminderId, meta);
  }
}

@CommandHandler(DeleteReminderCommand)
export class DeleteReminderHandler implements ICommandHandler<DeleteReminderCommand> {
  constructor(private readonly reminders: Reminders) {}

  async execute({ actor, reminderId, meta }: DeleteReminderCommand): Promise<void> {
    await this.reminders.delete(actor, reminderId, meta);
  }
}

@CommandHandler(SetReminderPreferencesCommand)
export class SetReminderPreferencesHandler implements ICommandHandler<SetReminderPreferencesCommand> {
  constructor(private readonly reminders: Reminders) {}

  execute({ actor, disabledTypes, meta }: SetReminderPreferencesCommand): Promise<ReminderPreferences> {
    return this.reminders.setPreferences(actor, disabledTypes, meta);
  }
}

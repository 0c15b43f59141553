import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { memberDirectoryProjection } from '../projections/member-directory.projection';
import { MemberSessions } from '../sessions/member-sessions';
import { memberStateDecider } from './member-state.decider';

export class SetMemberStateCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly state: 'enabled' | 'disabled',
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Disabling ends every session of the member and (through the member directory) refuses its logins. */
@CommandHandler(SetMemberStateCommand)
export class SetMemberStateHandler implements ICommandHandler<SetMemberStateCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly sessions: MemberSessions,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ memberId, state, meta }: SetMemberStateCommand): Promise<void> {
    const result = await this.store.handle(
      memberStateDecider,
      streamId('member', memberId),
      { type: 'SetState', memberId, state, by: meta.actor.id, now: meta.now },
      stepMeta(meta, 'state'),
    );
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        memberDirectoryProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    }
    if (state === 'disabled') await this.sessions.endAll(memberId, 'account_disabled', meta);
  }
}

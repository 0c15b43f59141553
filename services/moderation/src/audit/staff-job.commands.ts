import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { StaffJobs } from './staff-jobs';
import type { StaffJobView, StartRebuildBody } from './staff-jobs';

/** Staff start a rebuild of read models (`operations.run`, checked on the route); answered at once, polled after. */
export class StartRebuildCommand extends Command<StaffJobView> {
  constructor(
    readonly body: StartRebuildBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff start a ledger audit, run by the wallet. */
export class StartLedgerAuditCommand extends Command<StaffJobView> {
  constructor(readonly meta: CommandMetadata) {
    super();
  }
}

@CommandHandler(StartRebuildCommand)
export class StartRebuildHandler implements ICommandHandler<StartRebuildCommand> {
  constructor(private readonly jobs: StaffJobs) {}

  execute({ body, meta }: StartRebuildCommand): Promise<StaffJobView> {
    return this.jobs.startRebuild(body, meta);
  }
}

@CommandHandler(StartLedgerAuditCommand)
export class StartLedgerAuditHandler implements ICommandHandler<StartLedgerAuditCommand> {
  constructor(private readonly jobs: StaffJobs) {}

  execute({ meta }: StartLedgerAuditCommand): Promise<StaffJobView> {
    return this.jobs.startLedgerAudit(meta);
  }
}

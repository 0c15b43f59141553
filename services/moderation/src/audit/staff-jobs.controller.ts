import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '@forum/contracts';
import { CommandMeta, RateLimit, RequiresPermission, ValidBody } from '@forum/platform';
import { StartLedgerAuditCommand, StartRebuildCommand } from './staff-job.commands';
import { StaffJobs, startRebuildBody } from './staff-jobs';
import type { StaffJobView, StartRebuildBody } from './staff-jobs';

/** Staff: start a rebuild or a ledger audit and poll it (`operations.run`; the audit's report is `audit.read` too). */
@ApiTags('moderation')
@RequiresPermission('operations.run')
@Controller('moderation/staff')
export class StaffJobsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly jobs: StaffJobs,
  ) {}

  @Get('projections')
  projections(): { context: string; name: string }[] {
    return this.jobs.projections();
  }

  @Get('jobs')
  list(): StaffJobView[] {
    return this.jobs.list();
  }

  @Get('jobs/:id')
  one(@Param('id') id: string): StaffJobView {
    return this.jobs.one(id);
  }

  @Post('jobs/rebuild')
  @HttpCode(202)
  @RateLimit({ limit: 6, windowSeconds: 60, by: 'member' })
  rebuild(
    @ValidBody(startRebuildBody) body: StartRebuildBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<StaffJobView> {
    return this.commands.execute(new StartRebuildCommand(body, meta));
  }

  @Post('jobs/ledger-audit')
  @HttpCode(202)
  @RateLimit({ limit: 6, windowSeconds: 60, by: 'member' })
  ledgerAudit(@CommandMeta() meta: CommandMetadata): Promise<StaffJobView> {
    return this.commands.execute(new StartLedgerAuditCommand(meta));
  }
}

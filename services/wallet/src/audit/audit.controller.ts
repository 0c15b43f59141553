import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { CONTEXT_DB, RateLimit, RequiresPermission } from '@forum/platform';
import { AuditReport, auditLedgers } from './ledger-audit';

/** Staff: the same replay as `npm run audit:ledgers`, answered as the report. */
@ApiTags('wallet')
@Controller('wallet')
export class AuditController {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  @Post('audit')
  @HttpCode(200)
  @RequiresPermission('audit.read')
  @RateLimit({ limit: 6, windowSeconds: 60, by: 'member' })
  audit(): Promise<AuditReport> {
    return auditLedgers(this.db);
  }
}

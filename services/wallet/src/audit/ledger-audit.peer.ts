import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { auditLedgersCommand } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PeerCommands } from '@forum/platform';
import { auditLedgers } from './ledger-audit';

/**
 * `wallet.auditLedgers` (ADR 0040): the console's audit job runs in moderation, which asks the wallet for the
 * report instead of reading the wallet's database. Staff (their job) or the system only; the permission to start
 * the job is checked where it starts.
 */
@Injectable()
export class LedgerAuditPeer {
  constructor(peers: PeerCommands, @Inject(CONTEXT_DB) db: Db) {
    peers.register(auditLedgersCommand, async (_input, meta) => {
      if (meta.actor.kind !== 'staff' && meta.actor.kind !== 'system') throw new DomainError('auth.forbidden');
      return auditLedgers(db);
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { BALANCE_MODULES, POINTS_MODULES } from '@forum/contracts';
import type { CommandMetadata, WalletView } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, MEMBER_PROFILES } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { Ledger } from './ledger';
import { LedgerReader } from './ledger.reader';
import { AdjustmentBody, MEMBER_ID } from './wallet.schemas';

/**
 * Staff credit or debit of a member's balance or points (docs/rules/wallet.md, modules 160 / 600). The staff's
 * Idempotency-Key is required and becomes the operation id: a double click or a retried request books once.
 */
@Injectable()
export class Adjustments {
  constructor(
    private readonly ledger: Ledger,
    private readonly reader: LedgerReader,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async adjust(memberId: string, body: AdjustmentBody, meta: CommandMetadata): Promise<WalletView> {
    if (!meta.idempotencyKey) throw new DomainError('wallet.idempotency_key_required');
    await this.requireMember(memberId);
    const points = body.kind === 'points';
    const credit = body.amount > 0;
    await this.ledger.record(
      {
        type: points ? (credit ? 'CreditPoints' : 'DebitPoints') : credit ? 'Credit' : 'Debit',
        walletId: memberId,
        operationId: `adjustment:${meta.idempotencyKey}`,
        module: points ? POINTS_MODULES.staffAdjustment : BALANCE_MODULES.staffAdjustment,
        amount: Math.abs(body.amount),
        remark: body.reason,
        reference: meta.actor.id,
        now: meta.now,
      },
      meta,
      { waitForReadModel: true },
    );
    return this.reader.wallet(memberId);
  }

  async requireMember(memberId: string): Promise<void> {
    const known =
      MEMBER_ID.test(memberId) &&
      (await this.db
        .collection<MemberProfileDocument>(MEMBER_PROFILES)
        .findOne({ _id: memberId }, { projection: { _id: 1 } }));
    if (!known) throw new DomainError('wallet.member_not_found');
  }
}

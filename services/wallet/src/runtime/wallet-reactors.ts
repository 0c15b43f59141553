import { Injectable } from '@nestjs/common';
import type { ReactorDefinition } from '@forum/event-bus';
import { ReactorHost } from '@forum/platform';
import { Transfers } from '../ledger/transfers';
import { RechargeCredits } from '../payments/recharge-credits';
import { PointsForPosting } from '../points/points-for-posting';

/**
 * The wallet's reactors, run where workers run (`RUN_WORKERS`): the transfer healer, points for posting, and
 * the recharge credit after a paid intent.
 */
@Injectable()
export class WalletReactors extends ReactorHost {
  constructor(
    private readonly transfers: Transfers,
    private readonly points: PointsForPosting,
    private readonly recharges: RechargeCredits,
  ) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [this.transfers.reactor(), this.points.reactor(), this.recharges.reactor()];
  }
}

import { Injectable } from '@nestjs/common';
import type { ReactorDefinition } from '@forum/event-bus';
import { ReactorHost } from '@forum/platform';
import { Bounties } from '../bounties/bounties';
import { EnvelopeClaims } from '../envelopes/envelope-claims';
import { EnvelopeRefunds } from '../envelopes/envelope-refunds';
import { Transfers } from '../ledger/transfers';
import { MembershipPurchases } from '../membership/membership-purchases';
import { RechargeCredits } from '../payments/recharge-credits';
import { PointsForPosting } from '../points/points-for-posting';

/**
 * The wallet's reactors, run where workers run (`RUN_WORKERS`): the transfer healer, points for posting, and
 * the recharge credit after a paid intent, the bounty settler, and the red envelopes' payment and refund healers.
 */
@Injectable()
export class WalletReactors extends ReactorHost {
  constructor(
    private readonly transfers: Transfers,
    private readonly points: PointsForPosting,
    private readonly recharges: RechargeCredits,
    private readonly membership: MembershipPurchases,
    private readonly bounties: Bounties,
    private readonly envelopeClaims: EnvelopeClaims,
    private readonly envelopeRefunds: EnvelopeRefunds,
  ) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [
      this.transfers.reactor(),
      this.points.reactor(),
      this.recharges.reactor(),
      this.membership.reactor(),
      this.bounties.reactor(),
      this.envelopeClaims.reactor(),
      ...this.envelopeRefunds.reactors(),
    ];
  }
}

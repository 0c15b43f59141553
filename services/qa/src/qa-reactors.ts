import { Injectable } from '@nestjs/common';
import type { ReactorDefinition } from '@forum/event-bus';
import { ReactorHost } from '@forum/platform';
import { QaBounties } from './bounties/qa-bounties';

/** The Q&A's reactors, run where workers run: the bounty follower (award after adoption, refund after deletion). */
@Injectable()
export class QaReactors extends ReactorHost {
  constructor(private readonly bounties: QaBounties) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [this.bounties.reactor()];
  }
}

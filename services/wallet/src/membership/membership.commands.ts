import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { MembershipCards } from './membership-cards';
import { MembershipPurchases } from './membership-purchases';
import { CardView, MembershipReader, OrderView } from './membership.reader';
import type { CardBody } from './membership.schemas';

/** A member buys a card's specification; the same `Idempotency-Key` is the same order, bought once. */
export class PurchaseMembershipCommand extends Command<OrderView> {
  constructor(
    readonly memberId: string,
    readonly cardId: string,
    readonly specId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff create a card (`cardId` null) or change one; answered with the card as staff see it. */
export class WriteMembershipCardCommand extends Command<CardView> {
  constructor(
    readonly cardId: string | null,
    readonly body: CardBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff add (or, negative, remove) units of a specification's stock. */
export class AdjustMembershipStockCommand extends Command<CardView> {
  constructor(
    readonly cardId: string,
    readonly specId: string,
    readonly change: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(PurchaseMembershipCommand)
export class PurchaseMembershipHandler implements ICommandHandler<PurchaseMembershipCommand> {
  constructor(private readonly purchases: MembershipPurchases) {}

  execute({ memberId, cardId, specId, meta }: PurchaseMembershipCommand): Promise<OrderView> {
    return this.purchases.purchase(memberId, cardId, specId, meta);
  }
}

@CommandHandler(WriteMembershipCardCommand)
export class WriteMembershipCardHandler implements ICommandHandler<WriteMembershipCardCommand> {
  constructor(
    private readonly cards: MembershipCards,
    private readonly reader: MembershipReader,
  ) {}

  async execute({ cardId, body, meta }: WriteMembershipCardCommand): Promise<CardView> {
    if (cardId === null) return this.reader.staffCard(await this.cards.create(body, meta));
    await this.cards.change(cardId, body, meta);
    return this.reader.staffCard(cardId);
  }
}

@CommandHandler(AdjustMembershipStockCommand)
export class AdjustMembershipStockHandler implements ICommandHandler<AdjustMembershipStockCommand> {
  constructor(
    private readonly cards: MembershipCards,
    private readonly reader: MembershipReader,
  ) {}

  async execute({ cardId, specId, change, meta }: AdjustMembershipStockCommand): Promise<CardView> {
    await this.cards.adjustStock(cardId, specId, change, meta);
    return this.reader.staffCard(cardId);
  }
}

import { Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  Public,
  RateLimit,
  RequiresPermission,
  ValidBody,
  ValidQuery,
} from '@forum/platform';
import { pageQuery } from '../ledger/wallet.schemas';
import type { PageQuery } from '../ledger/wallet.schemas';
import {
  AdjustMembershipStockCommand,
  PurchaseMembershipCommand,
  WriteMembershipCardCommand,
} from './membership.commands';
import { CardView, MembershipReader, OrderView } from './membership.reader';
import {
  cardBody,
  cardListQuery,
  pathId,
  staffCardListQuery,
  staffOrderListQuery,
  stockAdjustmentBody,
} from './membership.schemas';
import type { CardBody, CardListQuery, StaffCardListQuery, StaffOrderListQuery } from './membership.schemas';

const cardId = (value: string) => pathId(value, 'wallet.membership_card_not_found');
const specId = (value: string) => pathId(value, 'wallet.membership_spec_not_found');

/** Cards on sale, for everyone; buying one, for members. */
@ApiTags('wallet')
@Controller('wallet/membership-cards')
export class MembershipCardsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: MembershipReader,
  ) {}

  @Public()
  @Get()
  list(@ValidQuery(cardListQuery) query: CardListQuery): Promise<Page<CardView>> {
    return this.reader.cardsOnSale(query.page, query.pageSize);
  }

  @Public()
  @Get(':cardId')
  one(@Param('cardId') id: string): Promise<CardView> {
    return this.reader.cardOnSale(cardId(id));
  }

  /** Honours an `Idempotency-Key`: the same key is the same order, bought once. */
  @Post(':cardId/specifications/:specId/purchase')
  @HttpCode(200)
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'member' })
  purchase(
    @CurrentActor() actor: Actor,
    @Param('cardId') card: string,
    @Param('specId') spec: string,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<OrderView> {
    return this.commands.execute(new PurchaseMembershipCommand(actor.id!, cardId(card), specId(spec), meta));
  }
}

/** The signed-in member's card orders, newest first. */
@ApiTags('wallet')
@Controller('wallet/me/membership-orders')
export class MyMembershipOrdersController {
  constructor(private readonly reader: MembershipReader) {}

  @Get()
  list(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<OrderView>> {
    return this.reader.memberOrders(actor.id!, query.page, query.pageSize);
  }
}

/** Staff: every card (on sale or not) with its specifications and stock, and every order. */
@ApiTags('wallet')
@Controller('wallet/staff')
export class StaffMembershipController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: MembershipReader,
  ) {}

  @Get('membership-cards')
  @RequiresPermission('content.manage')
  list(@ValidQuery(staffCardListQuery) query: StaffCardListQuery): Promise<Page<CardView>> {
    return this.reader.staffCards(query);
  }

  @Get('membership-cards/:cardId')
  @RequiresPermission('content.manage')
  one(@Param('cardId') id: string): Promise<CardView> {
    return this.reader.staffCard(cardId(id));
  }

  @Post('membership-cards')
  @HttpCode(201)
  @RequiresPermission('content.manage')
  create(@ValidBody(cardBody) body: CardBody, @CommandMeta() meta: CommandMetadata): Promise<CardView> {
    return this.commands.execute(new WriteMembershipCardCommand(null, body, meta));
  }

  @Patch('membership-cards/:cardId')
  @RequiresPermission('content.manage')
  change(
    @Param('cardId') id: string,
    @ValidBody(cardBody) body: CardBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<CardView> {
    return this.commands.execute(new WriteMembershipCardCommand(cardId(id), body, meta));
  }

  /** Adds (or, negative, removes) units of a specification's stock. */
  @Post('membership-cards/:cardId/specifications/:specId/stock')
  @HttpCode(200)
  @RequiresPermission('content.manage')
  adjustStock(
    @Param('cardId') card: string,
    @Param('specId') spec: string,
    @ValidBody(stockAdjustmentBody) body: { change: number },
    @CommandMeta() meta: CommandMetadata,
  ): Promise<CardView> {
    return this.commands.execute(new AdjustMembershipStockCommand(cardId(card), specId(spec), body.change, meta));
  }

  @Get('membership-orders')
  @RequiresPermission('audit.read')
  orders(@ValidQuery(staffOrderListQuery) query: StaffOrderListQuery): Promise<Page<OrderView>> {
    return this.reader.staffOrders(query);
  }
}

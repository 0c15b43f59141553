import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { PLATFORM_WALLET_ID } from '@forum/contracts';
import type { Actor, BalanceEntryView, CommandMetadata, Page, PointsEntryView, WalletView } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CommandMeta, CurrentActor, RateLimit, RequiresPermission, ValidBody, ValidQuery } from '@forum/platform';
import { LedgerReader } from './ledger.reader';
import { AdjustWalletCommand } from './wallet.commands';
import { adjustmentBody, MEMBER_ID, pageQuery } from './wallet.schemas';
import type { AdjustmentBody, PageQuery } from './wallet.schemas';

/** The signed-in member's wallet: balances and the two ledgers, newest first. */
@ApiTags('wallet')
@Controller('wallet/me')
export class MyWalletController {
  constructor(private readonly reader: LedgerReader) {}

  @Get()
  me(@CurrentActor() actor: Actor): Promise<WalletView> {
    return this.reader.wallet(actor.id!);
  }

  @Get('balance-entries')
  balanceEntries(
    @CurrentActor() actor: Actor,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<BalanceEntryView>> {
    return this.reader.balanceEntries(actor.id!, query.page, query.pageSize);
  }

  @Get('points-entries')
  pointsEntries(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<PointsEntryView>> {
    return this.reader.pointsEntries(actor.id!, query.page, query.pageSize);
  }
}

function memberWallet(memberId: string): string {
  if (!MEMBER_ID.test(memberId)) throw new DomainError('wallet.member_not_found');
  return memberId;
}

/** Staff: any member's ledgers, adjustments, and the platform revenue account. */
@ApiTags('wallet')
@Controller('wallet')
export class StaffWalletController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: LedgerReader,
  ) {}

  @Get('accounts/:memberId')
  @RequiresPermission('audit.read')
  account(@Param('memberId') memberId: string): Promise<WalletView> {
    return this.reader.wallet(memberWallet(memberId));
  }

  @Get('accounts/:memberId/balance-entries')
  @RequiresPermission('audit.read')
  balanceEntries(
    @Param('memberId') memberId: string,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<BalanceEntryView>> {
    return this.reader.balanceEntries(memberWallet(memberId), query.page, query.pageSize);
  }

  @Get('accounts/:memberId/points-entries')
  @RequiresPermission('audit.read')
  pointsEntries(
    @Param('memberId') memberId: string,
    @ValidQuery(pageQuery) query: PageQuery,
  ): Promise<Page<PointsEntryView>> {
    return this.reader.pointsEntries(memberWallet(memberId), query.page, query.pageSize);
  }

  /** Needs an `Idempotency-Key` header: the key is the operation, so a repeated request books once. */
  @Post('accounts/:memberId/adjustments')
  @HttpCode(200)
  @RequiresPermission('money.adjust')
  @RateLimit({ limit: 600, windowSeconds: 60, by: 'member' })
  adjust(
    @Param('memberId') memberId: string,
    @ValidBody(adjustmentBody) body: AdjustmentBody,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<WalletView> {
    return this.commands.execute(new AdjustWalletCommand(memberId, body, meta));
  }

  @Get('platform')
  @RequiresPermission('audit.read')
  platform(): Promise<WalletView> {
    return this.reader.wallet(PLATFORM_WALLET_ID);
  }

  @Get('platform/balance-entries')
  @RequiresPermission('audit.read')
  platformEntries(@ValidQuery(pageQuery) query: PageQuery): Promise<Page<BalanceEntryView>> {
    return this.reader.balanceEntries(PLATFORM_WALLET_ID, query.page, query.pageSize);
  }
}

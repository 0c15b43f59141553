import { Module } from '@nestjs/common';
import {
  APP_CONFIG,
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { AuditController } from './audit/audit.controller';
import { LedgerAuditPeer } from './audit/ledger-audit.peer';
import { EnvelopeClaims } from './envelopes/envelope-claims';
import { ClaimEnvelopeHandler } from './envelopes/envelope.commands';
import { EnvelopeRefunds } from './envelopes/envelope-refunds';
import { EnvelopeSending } from './envelopes/envelope-sending';
import { EnvelopesController, MyEnvelopesController } from './envelopes/envelopes.controller';
import { envelopesProjection } from './envelopes/envelopes.projection';
import { EnvelopesReader } from './envelopes/envelopes.reader';
import { Adjustments } from './ledger/adjustments';
import { AdjustWalletHandler } from './ledger/wallet.commands';
import { Ledger } from './ledger/ledger';
import { ledgerProjection } from './ledger/ledger.projection';
import { LedgerReader } from './ledger/ledger.reader';
import { MembershipCards } from './membership/membership-cards';
import {
  AdjustMembershipStockHandler,
  PurchaseMembershipHandler,
  WriteMembershipCardHandler,
} from './membership/membership.commands';
import { MembershipPurchases } from './membership/membership-purchases';
import {
  MembershipCardsController,
  MyMembershipOrdersController,
  StaffMembershipController,
} from './membership/membership.controller';
import { membershipProjection } from './membership/membership.projection';
import { MembershipReader } from './membership/membership.reader';
import { PaidUnlocks } from './ledger/paid-unlocks';
import { Transfers } from './ledger/transfers';
import { MemberGradeController } from './grades/member-grade.controller';
import { MyWalletController, StaffWalletController } from './ledger/wallet.controller';
import { AlipayGateway } from './payments/alipay/alipay-gateway';
import { PAYMENT_PROVIDERS } from './payments/payment-provider';
import type { PaymentProvider } from './payments/payment-provider';
import { paymentIntentsProjection } from './payments/payment-intents.projection';
import { ReconcileHandler, SettleNotifyHandler, StartRechargeHandler } from './payments/payment.commands';
import { PaymentsController } from './payments/payments.controller';
import { RechargeCredits } from './payments/recharge-credits';
import { Recharges } from './payments/recharges';
import { Reconciliation } from './payments/reconciliation';
import { SandboxGateway } from './payments/sandbox/sandbox-gateway';
import { SandboxController } from './payments/sandbox/sandbox.controller';
import { WALLET_CONFIG, walletConfig } from './payments/wallet-config';
import type { WalletConfig } from './payments/wallet-config';
import { PointsForPosting } from './points/points-for-posting';
import { Bounties } from './bounties/bounties';
import { WalletReactors } from './runtime/wallet-reactors';

/** Every read model of the wallet context (also listed for the rebuild command). */
export const WALLET_PROJECTIONS = [
  ledgerProjection,
  paymentIntentsProjection,
  membershipProjection,
  envelopesProjection,
  memberProfilesProjection('wallet'),
  permissionSetsProjection('wallet'),
];

/**
 * The wallet context (docs/rules/wallet.md): balance and points ledgers per member and for the platform, transfers between
 * wallets, points for posting, staff adjustments, recharge through payment gateways, red envelopes, membership cards, and
 * the ledger audit.
 */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'wallet', projections: WALLET_PROJECTIONS })],
  controllers: [
    MyWalletController,
    StaffWalletController,
    PaymentsController,
    SandboxController,
    AuditController,
    EnvelopesController,
    MyEnvelopesController,
    MembershipCardsController,
    MyMembershipOrdersController,
    StaffMembershipController,
    MemberGradeController,
  ],
  providers: [
    PermissionChecker,
    { provide: WALLET_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => walletConfig(config) },
    Ledger,
    LedgerReader,
    Transfers,
    PaidUnlocks,
    LedgerAuditPeer,
    Adjustments,
    PointsForPosting,
    Bounties,
    RechargeCredits,
    SandboxGateway,
    {
      provide: PAYMENT_PROVIDERS,
      inject: [SandboxGateway, WALLET_CONFIG],
      useFactory: (sandbox: SandboxGateway, config: WalletConfig): PaymentProvider[] => [
        ...(config.sandboxEnabled ? [sandbox] : []),
        ...(config.alipay ? [new AlipayGateway(config.alipay)] : []),
      ],
    },
    Recharges,
    Reconciliation,
    MembershipReader,
    MembershipCards,
    MembershipPurchases,
    EnvelopeClaims,
    EnvelopeRefunds,
    EnvelopeSending,
    EnvelopesReader,
    WalletReactors,
    AdjustWalletHandler,
    StartRechargeHandler,
    SettleNotifyHandler,
    ReconcileHandler,
    ClaimEnvelopeHandler,
    PurchaseMembershipHandler,
    WriteMembershipCardHandler,
    AdjustMembershipStockHandler,
  ],
  exports: [Ledger, Transfers],
})
export class WalletModule {}

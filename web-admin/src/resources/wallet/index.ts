import { lazy } from 'react';
import CardIcon from '@mui/icons-material/CardMembership';
import OrderIcon from '@mui/icons-material/ReceiptLong';
import LedgerIcon from '@mui/icons-material/AccountBalanceWallet';
import PointsIcon from '@mui/icons-material/Stars';
import RevenueIcon from '@mui/icons-material/Savings';

export { walletResources, withWallet } from './wallet-api';
export type { WalletDataProvider } from './wallet-api';

/** Membership cards with their specifications and stock (resource `membershipCards`, `content.manage`). */
export const membershipCards = {
  list: lazy(() => import('./MembershipCards').then(({ MembershipCardList }) => ({ default: MembershipCardList }))),
  create: lazy(() =>
    import('./MembershipCards').then(({ MembershipCardCreate }) => ({ default: MembershipCardCreate })),
  ),
  edit: lazy(() => import('./MembershipCards').then(({ MembershipCardEdit }) => ({ default: MembershipCardEdit }))),
  icon: CardIcon,
  recordRepresentation: 'name',
};

/** Paid card orders (resource `membershipOrders`, `audit.read`). */
export const membershipOrders = {
  list: lazy(() => import('./MembershipOrders').then(({ MembershipOrderList }) => ({ default: MembershipOrderList }))),
  icon: OrderIcon,
};

/** A member's ledgers and the platform revenue (`audit.read`). */
export const balanceEntries = {
  list: lazy(() => import('./Ledgers').then(({ BalanceEntryList }) => ({ default: BalanceEntryList }))),
  icon: LedgerIcon,
};
export const pointsEntries = {
  list: lazy(() => import('./Ledgers').then(({ PointsEntryList }) => ({ default: PointsEntryList }))),
  icon: PointsIcon,
};
export const platformEntries = {
  list: lazy(() => import('./Ledgers').then(({ PlatformRevenueList }) => ({ default: PlatformRevenueList }))),
  icon: RevenueIcon,
};

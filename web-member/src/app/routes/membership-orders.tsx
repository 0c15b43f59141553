import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import type { MembershipOrder } from '@/features/membership/api/membership';
import { useDurationText } from '@/features/membership/components/price';
import { PagedTableView, type Column } from '@/features/topics/components/paged-table';
import { usePagedWalletList } from '@/features/wallet/api/wallet';
import { formatFen } from '@contracts/wallet/money';
import { formatDateTime } from '@/lib/format-time';
import { ControlScreen } from './control-screen';

/** `/user/control/membershipCardOrderList`: the member's card orders, newest first (the order fields of docs/rules/wallet.md). */
export function Component() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const list = usePagedWalletList<MembershipOrder>('me/membership-orders', page);
  const durationText = useDurationText();
  const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  const columns: Column<MembershipOrder>[] = [
    {
      label: t('membership.columns.orderNumber'),
      cell: (row) => <span className="data-table__code">{row.orderNumber}</span>,
    },
    { label: t('membership.columns.createdAt'), cell: (row) => time(row.at) },
    { label: t('membership.columns.amount'), cell: (row) => formatFen(row.amount) },
    { label: t('membership.columns.points'), cell: (row) => row.points },
    { label: t('membership.columns.roleName'), cell: (row) => row.roleName },
    { label: t('membership.columns.specName'), cell: (row) => `${row.cardName} · ${row.specName}` },
    { label: t('membership.columns.quantity'), cell: (row) => row.quantity },
    { label: t('membership.columns.duration'), cell: (row) => durationText(row.duration, row.unit) },
    {
      label: t('membership.columns.validUntil'),
      cell: (row) => (row.validUntil ? time(row.validUntil) : row.roleGranted ? t('membership.forever') : '—'),
    },
  ];
  return (
    <ControlScreen title={t('control.membershipCardOrderList')}>
      <PagedTableView
        list={list}
        page={page}
        caption={t('control.membershipCardOrderList')}
        columns={columns}
        rowKey={(row) => row.orderId}
      />
    </ControlScreen>
  );
}

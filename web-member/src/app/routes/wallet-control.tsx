import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { PagedTableView, type Column } from '@/features/topics/components/paged-table';
import { topicHref } from '@/features/topics/components/topic-href';
import type {
  BalanceEntry,
  EnvelopeClaimRow,
  PointsEntry,
  ReceivedEnvelopeRow,
  SentEnvelopeRow,
} from '@/features/wallet/api/types';
import { usePagedWalletList } from '@/features/wallet/api/wallet';
import { distributionHref } from '@/features/wallet/components/envelope-card';
import { MemberName } from '@/features/wallet/components/member-name';
import { RechargeForm } from '@/features/wallet/components/recharge-form';
import { WalletSummary } from '@/features/wallet/components/wallet-summary';
import { balanceMovement } from '@/features/wallet/utils/balance-entry';
import { formatFen } from '@contracts/wallet/money';
import { formatDateTime } from '@/lib/format-time';
import { ControlScreen } from './control-screen';

/** The wallet's control-panel screens (`/user/control/…`): ledgers, recharge, red envelopes. */

function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
}

/** One page of `/api/wallet/<path>`, the page number in the URL. */
function WalletTable<T>({
  path,
  caption,
  columns,
  rowKey,
}: {
  path: string;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T, index: number) => string;
}) {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const list = usePagedWalletList<T>(path, page);
  return <PagedTableView list={list} page={page} caption={caption} columns={columns} rowKey={rowKey} />;
}

function WalletScreen({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ControlScreen title={t(titleKey)}>
      <WalletSummary />
      {children}
    </ControlScreen>
  );
}

const moduleName = (t: ReturnType<typeof useTranslation>['t'], ledger: 'balance' | 'points', code: number) =>
  t(`wallet.${ledger}Module.${code}`, { defaultValue: String(code) });

/** A change to one balance, or a dash where the entry left that balance alone. */
const change = (fen: number) => (fen === 0 ? '—' : formatFen(fen, { signed: true }));

/** Kinds that move frozen money: the module alone would read as a spend. */
const FROZEN_KINDS = new Set<BalanceEntry['kind']>(['freeze', 'release', 'spend']);

export function BalanceScreen() {
  const { t } = useTranslation();
  const columns: Column<BalanceEntry>[] = [
    { label: t('wallet.columns.serial'), cell: (row) => <span className="data-table__code">{row.serial}</span> },
    {
      label: t('wallet.columns.entry'),
      cell: (row) => (
        <>
          {moduleName(t, 'balance', row.module)}
          {FROZEN_KINDS.has(row.kind) ? (
            <span className={`ledger-kind ledger-kind--${row.kind}`}>{t(`wallet.entryKind.${row.kind}`)}</span>
          ) : null}
        </>
      ),
    },
    { label: t('wallet.columns.available'), cell: (row) => change(balanceMovement(row).available) },
    { label: t('wallet.columns.frozen'), cell: (row) => change(balanceMovement(row).frozen) },
    { label: t('wallet.columns.time'), cell: (row) => <When iso={row.at} /> },
    { label: t('wallet.columns.remark'), cell: (row) => row.remark },
  ];
  return (
    <WalletScreen titleKey="control.balance">
      <p className="muted">{t('wallet.frozenNote')}</p>
      <p>
        <Link className="button" to="/user/control/payment">
          {t('wallet.toRecharge')}
        </Link>
      </p>
      <WalletTable
        path="me/balance-entries"
        caption={t('control.balance')}
        columns={columns}
        rowKey={(row) => row.serial}
      />
    </WalletScreen>
  );
}

export function PointsScreen() {
  const { t } = useTranslation();
  const columns: Column<PointsEntry>[] = [
    { label: t('wallet.columns.module'), cell: (row) => moduleName(t, 'points', row.module) },
    {
      label: t('wallet.columns.direction'),
      cell: (row) => (row.direction === 'income' ? t('wallet.income') : t('wallet.expense')),
    },
    { label: t('wallet.columns.amount'), cell: (row) => Math.abs(row.amount) },
    { label: t('wallet.columns.time'), cell: (row) => <When iso={row.at} /> },
    { label: t('wallet.columns.remark'), cell: (row) => row.remark },
  ];
  return (
    <WalletScreen titleKey="control.point">
      <WalletTable
        path="me/points-entries"
        caption={t('control.point')}
        columns={columns}
        rowKey={(row) => row.serial}
      />
    </WalletScreen>
  );
}

export function RechargeScreen() {
  return (
    <WalletScreen titleKey="control.payment">
      <RechargeForm />
    </WalletScreen>
  );
}

const TopicLink = ({ topicId }: { topicId: string }) => {
  const { t } = useTranslation();
  return <Link to={topicHref(topicId)}>{t('wallet.columns.topic')}</Link>;
};

export function SentEnvelopesScreen() {
  const { t } = useTranslation();
  const columns: Column<SentEnvelopeRow>[] = [
    { label: t('wallet.columns.time'), cell: (row) => <When iso={row.createdAt} /> },
    { label: t('wallet.columns.type'), cell: (row) => t(`wallet.envelopeType.${row.type}`) },
    { label: t('wallet.columns.total'), cell: (row) => formatFen(row.totalAmount) },
    { label: t('wallet.columns.quantity'), cell: (row) => row.giveQuantity },
    { label: t('wallet.columns.received'), cell: (row) => row.receivedQuantity },
    { label: t('wallet.columns.refund'), cell: (row) => formatFen(row.refundAmount) },
    {
      label: t('wallet.columns.operations'),
      cell: (row) => (
        <span className="row-actions">
          <TopicLink topicId={row.topicId} />
          <Link to={distributionHref(row.id)}>{t('wallet.distribution')}</Link>
        </span>
      ),
    },
  ];
  return (
    <ControlScreen title={t('control.giveRedEnvelopeList')}>
      <WalletTable
        path="me/envelopes/sent"
        caption={t('control.giveRedEnvelopeList')}
        columns={columns}
        rowKey={(row) => row.id}
      />
    </ControlScreen>
  );
}

/** `?envelopeId=`: who claimed which share of one envelope, newest first. */
export function EnvelopeDistributionScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const envelopeId = searchParams.get('envelopeId');
  const columns: Column<EnvelopeClaimRow>[] = [
    { label: t('wallet.columns.time'), cell: (row) => <When iso={row.claimedAt} /> },
    { label: t('wallet.columns.member'), cell: (row) => <MemberName member={row.member} /> },
    { label: t('wallet.columns.amount'), cell: (row) => formatFen(row.amount) },
  ];
  return (
    <ControlScreen title={t('control.redEnvelopeAmountDistributionList')}>
      {envelopeId ? (
        <WalletTable
          path={`envelopes/${encodeURIComponent(envelopeId)}/claims`}
          caption={t('control.redEnvelopeAmountDistributionList')}
          columns={columns}
          rowKey={(row) => `${row.member.id}-${row.claimedAt}`}
        />
      ) : (
        <p className="muted">
          <Link to="/user/control/giveRedEnvelopeList">{t('wallet.chooseEnvelope')}</Link>
        </p>
      )}
    </ControlScreen>
  );
}

export function ReceivedEnvelopesScreen() {
  const { t } = useTranslation();
  const columns: Column<ReceivedEnvelopeRow>[] = [
    { label: t('wallet.columns.sender'), cell: (row) => <MemberName member={row.sender} /> },
    { label: t('wallet.columns.amount'), cell: (row) => formatFen(row.amount) },
    { label: t('wallet.columns.time'), cell: (row) => <When iso={row.claimedAt} /> },
    {
      label: t('wallet.columns.operations'),
      cell: (row) => (row.topicId ? <TopicLink topicId={row.topicId} /> : null),
    },
  ];
  return (
    <ControlScreen title={t('control.receiveRedEnvelopeList')}>
      <WalletTable
        path="me/envelopes/received"
        caption={t('control.receiveRedEnvelopeList')}
        columns={columns}
        rowKey={(row) => row.envelopeId}
      />
    </ControlScreen>
  );
}

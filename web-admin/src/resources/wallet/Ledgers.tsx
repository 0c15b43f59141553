import { Card, CardContent, Stack, Typography } from '@mui/material';
import { DataTable, DateField, FunctionField, List, useGetOne, useListContext, useTranslate } from 'react-admin';
import { MemberSearchInput } from '../../inputs/MemberSearchInput';
import { formatFen } from '@contracts/wallet/money';
import type { BalanceEntryView, PointsEntryView } from '@contracts/wallet/wallet.views';
import { PLATFORM } from './wallet-api';
import type { WalletAccount } from './wallet-api';
import { MemberField } from '../../fields/MemberField';

/** A balance or points ledger row as the wallet answers it (ADR 0047), keyed by its serial. */
type EntryRow = (BalanceEntryView | PointsEntryView) & { id: string };

/** A wallet's balances above its ledger: the member's (or the platform's) available, frozen and points. */
function WalletSummary({ walletId }: { walletId: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<WalletAccount>('walletAccounts', { id: walletId }, { enabled: walletId !== '' });
  if (!data) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={4}>
          <Typography>
            {translate('wallet.ledger.available')}: <strong>{formatFen(data.available)}</strong>
          </Typography>
          <Typography>
            {translate('wallet.ledger.frozen')}: <strong>{formatFen(data.frozen)}</strong>
          </Typography>
          <Typography>
            {translate('wallet.ledger.points')}: <strong>{data.points}</strong>
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The member chosen in the filter, with a hint while there is none. */
function MemberSummary() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const memberId = String(filterValues.memberId ?? '').trim();
  if (!memberId) return <Typography sx={{ p: 2 }}>{translate('wallet.ledger.choose_member')}</Typography>;
  return (
    <>
      {memberId === PLATFORM ? null : (
        <Typography component="div" sx={{ px: 2, pt: 1 }}>
          <MemberField memberId={memberId} />
        </Typography>
      )}
      <WalletSummary walletId={memberId} />
    </>
  );
}

const moduleName = (translate: ReturnType<typeof useTranslate>, ledger: 'balance' | 'points', module: number) =>
  translate(`wallet.module.${ledger}.${module}`, { _: String(module) });

function EntryTable({ ledger }: { ledger: 'balance' | 'points' }) {
  const translate = useTranslate();
  return (
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="serial" disableSort />
      <DataTable.Col source="at" disableSort>
        <DateField source="at" showTime />
      </DataTable.Col>
      <DataTable.Col source="module" disableSort>
        <FunctionField<EntryRow> render={(entry) => moduleName(translate, ledger, entry.module)} />
      </DataTable.Col>
      <DataTable.Col source="amount" disableSort>
        <FunctionField<EntryRow>
          render={(entry) => (ledger === 'balance' ? formatFen(entry.amount) : String(entry.amount))}
        />
      </DataTable.Col>
      <DataTable.Col source="remark" disableSort />
    </DataTable>
  );
}

/** The member is picked by account or nickname (the member search); a member's row links here with the id. */
const memberFilter = [<MemberSearchInput key="memberId" source="memberId" alwaysOn />];

/**
 * Any member's balance entries (resource `balanceEntries`), newest first, paged on the server. Never react-admin's
 * "empty" page: it has no filters, and the list is empty until a member is chosen.
 */
export function BalanceEntryList() {
  return (
    <List exporter={false} filters={memberFilter} empty={false} title="resources.balanceEntries.name">
      <MemberSummary />
      <EntryTable ledger="balance" />
    </List>
  );
}

/** Any member's points entries (resource `pointsEntries`). */
export function PointsEntryList() {
  return (
    <List exporter={false} filters={memberFilter} empty={false} title="resources.pointsEntries.name">
      <MemberSummary />
      <EntryTable ledger="points" />
    </List>
  );
}

/** The platform's revenue account: its balance and the shares booked to it (resource `platformEntries`). */
export function PlatformRevenueList() {
  return (
    <List exporter={false} title="resources.platformEntries.name">
      <WalletSummary walletId={PLATFORM} />
      <EntryTable ledger="balance" />
    </List>
  );
}

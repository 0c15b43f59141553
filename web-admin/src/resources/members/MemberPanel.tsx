import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useDataProvider,
  useLocaleState,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { mayOpen } from '../../api/staff-permissions';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { MemberRole } from './members-api';
import { GrantRoleDialog } from './GrantRoleDialog';
import type { StaffMember } from './member';

export const memberRolesKey = (memberId: string) => ['identity', 'member-roles', memberId] as const;

function useDateFormat() {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** The ledger list filtered to one member, as a link (`/balanceEntries?filter={"memberId":…}`), paged there. */
const ledgerLink = (resource: 'balanceEntries' | 'pointsEntries', memberId: string) => ({
  pathname: `/${resource}`,
  search: `?${new URLSearchParams({ filter: JSON.stringify({ memberId }) }).toString()}`,
});

/** Links to the member's balance and points ledgers, for staff who may read them (`audit.read`). */
function MemberLedgerLinks({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<unknown>();
  if (!mayOpen(permissions, 'ledgers')) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {translate('members.ledger')}
      </Typography>
      <Button component={Link} to={ledgerLink('balanceEntries', memberId)} variant="outlined" size="small">
        {translate('members.balance_entries')}
      </Button>
      <Button component={Link} to={ledgerLink('pointsEntries', memberId)} variant="outlined" size="small">
        {translate('members.points_entries')}
      </Button>
    </Stack>
  );
}

/**
 * A member's details under its row: profile, roles (grant, revoke), the switch between enabled and disabled, the
 * irreversible cancellation, and links to the member's ledgers.
 */
export function MemberPanel() {
  const member = useRecordContext<StaffMember>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const formatDate = useDateFormat();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [confirming, setConfirming] = useState<'state' | 'cancel' | MemberRole | null>(null);
  const [granting, setGranting] = useState(false);
  const [busy, setBusy] = useState(false);
  const roles = useQuery({
    queryKey: memberRolesKey(member?.id ?? ''),
    queryFn: () => dataProvider.memberRoles(member!.id),
    enabled: Boolean(member),
    retry: false,
  });
  if (!member) return null;
  const name = member.nickname ?? member.account;
  const nextState = member.state === 'enabled' ? 'disabled' : 'enabled';

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
      await roles.refetch();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Box sx={{ p: 2 }} aria-label={name} role="region">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {translate('members.roles')}
      </Typography>
      {roles.error ? (
        <Alert severity="warning">{roles.error.message}</Alert>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {roles.data?.length === 0 && <Typography variant="body2">{translate('members.no_roles')}</Typography>}
          {roles.data?.map((role) => (
            <Chip
              key={role.roleId}
              color={role.expired ? 'default' : 'primary'}
              variant="outlined"
              label={`${role.name} · ${role.validUntil ? formatDate(role.validUntil) : translate('members.forever')}`}
              onDelete={() => setConfirming(role)}
              deleteIcon={<CancelIcon titleAccess={`${translate('members.revoke')} ${role.name}`} />}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => setGranting(true)}
          disabled={member.state === 'cancelled'}
        >
          {translate('members.grant')}
        </Button>
        {member.state !== 'cancelled' && (
          <Button
            variant="outlined"
            size="small"
            color={nextState === 'disabled' ? 'warning' : 'success'}
            onClick={() => setConfirming('state')}
          >
            {translate(nextState === 'disabled' ? 'members.disable' : 'members.enable')}
          </Button>
        )}
        {member.state !== 'cancelled' && (
          <Button variant="outlined" size="small" color="error" onClick={() => setConfirming('cancel')}>
            {translate('members.cancel')}
          </Button>
        )}
      </Stack>
      <MemberLedgerLinks memberId={member.id} />
      <Confirm
        isOpen={confirming === 'state'}
        loading={busy}
        title={translate(nextState === 'disabled' ? 'members.disable' : 'members.enable')}
        content={translate(nextState === 'disabled' ? 'members.disable_confirm' : 'members.enable_confirm', { name })}
        onConfirm={() =>
          run(
            () => dataProvider.setMemberState(member.id, nextState),
            nextState === 'disabled' ? 'members.disabled' : 'members.enabled',
          )
        }
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'cancel'}
        loading={busy}
        title={translate('members.cancel')}
        content={translate('members.cancel_confirm', { name })}
        confirmColor="warning"
        onConfirm={() => run(() => dataProvider.setMemberState(member.id, 'cancelled'), 'members.cancelled_done')}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={typeof confirming === 'object' && confirming !== null}
        loading={busy}
        title={translate('members.revoke')}
        content={translate('members.revoke_confirm', {
          role: typeof confirming === 'object' ? (confirming?.name ?? '') : '',
        })}
        onConfirm={() =>
          typeof confirming === 'object' && confirming
            ? run(() => dataProvider.revokeRole(member.id, confirming.roleId), 'members.revoked')
            : undefined
        }
        onClose={() => setConfirming(null)}
      />
      <GrantRoleDialog
        open={granting}
        memberId={member.id}
        name={name}
        onClose={() => setGranting(false)}
        onGranted={() => {
          setGranting(false);
          void roles.refetch();
        }}
      />
    </Box>
  );
}

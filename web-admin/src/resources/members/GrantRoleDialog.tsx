import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { RoleView } from '../roles/role';

interface GrantRoleDialogProps {
  open: boolean;
  memberId: string;
  name: string;
  onClose: () => void;
  onGranted: () => void;
}

/** `datetime-local` text (the staff member's own time zone) → the ISO instant the API takes. */
export function validUntilOf(local: string): string | null {
  return local ? new Date(local).toISOString() : null;
}

/** Grants a role, for good or until a time (a membership card does the same with its period). */
export function GrantRoleDialog({ open, memberId, name, onClose, onGranted }: GrantRoleDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const roles = useGetList<RoleView>('roles', { pagination: { page: 1, perPage: 1000 } }, { enabled: open });
  const [roleId, setRoleId] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The default role is everyone's already.
  const grantable = (roles.data ?? []).filter((role) => !role.isDefault);

  const grant = async () => {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.grantRole(memberId, { roleId, validUntil: validUntilOf(validUntil) });
      notify('members.granted', { type: 'success' });
      setRoleId('');
      setValidUntil('');
      onGranted();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('members.grant_title', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(error || roles.error) && <Alert severity="error">{error ?? roles.error?.message}</Alert>}
          <TextField
            select
            label={translate('members.role')}
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            required
          >
            {grantable.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                {role.name} ({translate(`roles.kind.${role.kind}`)})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="datetime-local"
            label={translate('members.valid_until')}
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
            helperText={translate('members.valid_until_hint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void grant()} disabled={!roleId || busy}>
          {translate('members.grant')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

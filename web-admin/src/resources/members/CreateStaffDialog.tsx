import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider';

const ACCOUNT = /^[A-Za-z0-9_]{3,25}$/;

/**
 * Creates a staff account (the registration rules of docs/rules/web.md, mirrored from the server); it holds no
 * staff permission until a role is granted on its row.
 */
export function CreateStaffButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = ACCOUNT.test(account.trim()) && password.length >= 7 && nickname.trim().length <= 15;

  const close = () => {
    setOpen(false);
    setAccount('');
    setPassword('');
    setNickname('');
    setError(null);
  };

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const name = nickname.trim();
      await dataProvider.createStaffAccount({ account: account.trim(), password, ...(name ? { nickname: name } : {}) });
      notify('members.staff_created', { type: 'success' });
      close();
      refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        {translate('members.new_staff')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{translate('members.new_staff')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={translate('members.account')}
              value={account}
              onChange={(event) => setAccount(event.target.value)}
              helperText={translate('members.account_hint')}
              required
            />
            <TextField
              type="password"
              label={translate('members.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText={translate('members.password_hint')}
              autoComplete="new-password"
              required
            />
            <TextField
              label={translate('members.nickname')}
              value={nickname}
              onChange={(event) => setNickname(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 15 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void create()} disabled={!valid || busy}>
            {translate('members.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

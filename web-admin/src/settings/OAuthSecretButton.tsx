import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useNotify, useSourceContext, useTranslate } from 'react-admin';
import type { AdminDataProvider, SiteSettingsDocument } from '../providers/data-provider';
import { SETTINGS_QUERY_KEY } from './settings-query';

/**
 * In a third-party login provider's row: sets its client secret, which identity keeps to itself (never in the
 * settings or in events), so it is written here and never read back.
 */
export function OAuthSecretButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const providerId = (useWatch({ name: useSourceContext().getSource('id') }) as string | undefined) ?? '';
  const saved = useQueryClient().getQueryData<SiteSettingsDocument>(SETTINGS_QUERY_KEY);
  const known = ((saved?.oauthProviders as { id: string }[] | undefined) ?? []).some(
    (provider) => provider.id === providerId,
  );
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.setOAuthClientSecret(providerId, secret);
      notify('settings.oauth_secret_saved', { type: 'success' });
      setSecret('');
      setOpen(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<KeyIcon />}
        onClick={() => setOpen(true)}
        disabled={!known}
        title={known ? undefined : translate('settings.oauth_secret_unsaved')}
        sx={{ alignSelf: 'flex-start', my: 1 }}
      >
        {translate('settings.oauth_secret_set')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>
          {translate('settings.oauth_secret_set')} · {providerId}
        </DialogTitle>
        <DialogContent>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            type="password"
            autoComplete="off"
            label={translate('settings.oauth_secret')}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            helperText={translate('settings.oauth_secret_hint')}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()} disabled={!secret || busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import { Button } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useSourceContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';
import type { SiteSettingsDocument } from './settings-api';
import { SETTINGS_QUERY_KEY } from './settings-query';
import { SecretDialog, useSecret } from './SecretDialog';

/**
 * In a third-party login provider's row: sets its client secret, which identity keeps to itself (never in the
 * settings or in events), so it is written here and never read back.
 */
export function OAuthSecretButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const providerId = (useWatch({ name: useSourceContext().getSource('id') }) as string | undefined) ?? '';
  const saved = useQueryClient().getQueryData<SiteSettingsDocument>(SETTINGS_QUERY_KEY);
  const known = ((saved?.oauthProviders as { id: string }[] | undefined) ?? []).some(
    (provider) => provider.id === providerId,
  );
  const secret = useSecret();

  return (
    <>
      <Button
        size="small"
        startIcon={<KeyIcon />}
        onClick={() => secret.setOpen(true)}
        disabled={!known}
        title={known ? undefined : translate('settings.oauth_secret_unsaved')}
        sx={{ alignSelf: 'flex-start', my: 1 }}
      >
        {translate('settings.oauth_secret_set')}
      </Button>
      <SecretDialog
        secret={secret}
        title={
          <>
            {translate('settings.oauth_secret_set')} · {providerId}
          </>
        }
        label="settings.oauth_secret"
        hint="settings.oauth_secret_hint"
        ready={secret.value !== ''}
        onSave={() =>
          void secret.run(
            () => dataProvider.setOAuthClientSecret(providerId, secret.value),
            'settings.oauth_secret_saved',
          )
        }
      />
    </>
  );
}

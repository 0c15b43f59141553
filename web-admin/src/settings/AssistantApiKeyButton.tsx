import { Button, Stack, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';
import { SecretDialog, useSecret } from './SecretDialog';

const KEY_STATE = ['assistant', 'api-key'] as const;

/**
 * Under the AI assistant settings: sets or removes the OpenAI-compatible API key, which the assistant service keeps
 * to itself (never in the settings or in events), so it is written here and never read back — only whether one is set.
 */
export function AssistantApiKeyButton() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const state = useQuery({ queryKey: KEY_STATE, queryFn: () => dataProvider.assistantApiKeyState() });
  const apiKey = useSecret(() => queryClient.invalidateQueries({ queryKey: KEY_STATE }));

  return (
    <Stack direction="row" spacing={2} sx={{ my: 1, alignItems: 'center' }}>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => apiKey.setOpen(true)}>
        {translate('settings.assistant_key_set')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {state.data
          ? translate(state.data.set ? 'settings.assistant_key_state_set' : 'settings.assistant_key_state_unset')
          : ''}
      </Typography>
      {state.data?.set ? (
        <Button
          size="small"
          color="warning"
          disabled={apiKey.busy}
          onClick={() => void apiKey.run(() => dataProvider.clearAssistantApiKey(), 'settings.assistant_key_cleared')}
        >
          {translate('settings.assistant_key_clear')}
        </Button>
      ) : null}
      <SecretDialog
        secret={apiKey}
        title={translate('settings.assistant_key_set')}
        label="settings.assistant_key"
        hint="settings.assistant_key_hint"
        ready={apiKey.value.trim() !== ''}
        onSave={() =>
          void apiKey.run(() => dataProvider.setAssistantApiKey(apiKey.value.trim()), 'settings.assistant_key_saved')
        }
      />
    </Stack>
  );
}

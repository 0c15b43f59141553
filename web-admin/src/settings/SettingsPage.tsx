import { useCallback, useState } from 'react';
import { Alert, Box, Card, CircularProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import {
  HttpError,
  ResourceContextProvider,
  SaveButton,
  TabbedForm,
  TabbedFormTabs,
  Title,
  Toolbar,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';
import type { SiteSettingsDocument } from './settings-api';
import { SettingInput } from './SettingInput';
import { SETTINGS_QUERY_KEY } from './settings-query';
import {
  changedSettings,
  fromFormValues,
  sectionKey,
  serverFieldErrors,
  settingsTabs,
  toFormValues,
  validateSettings,
} from './settings-shape';

function SettingsToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * The site settings and switches (docs/rules/moderation.md, settings) in one form built from the settings schema: a tab for the
 * site itself and one per section. Saving sends only what changed (`PATCH /api/moderation/settings`);
 * the server's field errors appear on their inputs.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [tabs] = useState(() => settingsTabs());
  const query = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => dataProvider.siteSettings(),
    retry: false,
    refetchOnWindowFocus: false,
  });

  const save = useCallback(
    async (values: FieldValues) => {
      const before = query.data ?? {};
      const changes = changedSettings(before, fromFormValues(values));
      if (Object.keys(changes).length === 0) {
        notify('settings.unchanged', { type: 'info' });
        return undefined;
      }
      try {
        const saved = await dataProvider.changeSettings(changes);
        // The saved settings become the form's starting point (react-admin resets a form whose defaults change).
        queryClient.setQueryData<SiteSettingsDocument>(SETTINGS_QUERY_KEY, saved);
        notify('settings.saved', { type: 'success' });
        return undefined;
      } catch (error) {
        await logoutIfAccessDenied(error).catch(() => undefined);
        const message = error instanceof Error ? error.message : 'ra.notification.http_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
        const fieldErrors =
          error instanceof HttpError ? (error.body as { errors?: Record<string, string> })?.errors : undefined;
        return fieldErrors ? serverFieldErrors(fieldErrors, translate('settings.validation.invalid')) : undefined;
      }
    },
    [dataProvider, logoutIfAccessDenied, notify, query.data, queryClient, translate],
  );

  return (
    // Sized by the page, never by its content: the layout grows to fit its widest content (react-admin's
    // `minWidth: fit-content`), and the row of section tabs is wider than a 1366 px screen; contained, the tabs
    // scroll within the card instead of the whole page scrolling sideways.
    <Box sx={{ mt: 1, contain: 'inline-size' }} data-settings-page>
      <Title title="settings.title" />
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : query.error ? (
        <Alert severity="error">{translate('settings.load_failed', { message: query.error.message })}</Alert>
      ) : (
        // Array inputs need a resource; the settings document is one of its own, with explicit labels.
        <ResourceContextProvider value="settings">
          <Card>
            <Typography component="h1" variant="h6" sx={{ px: 2, pt: 2 }}>
              {translate('settings.title')}
            </Typography>
            <TabbedForm
              defaultValues={toFormValues(query.data)}
              onSubmit={save}
              validate={validateSettings}
              syncWithLocation={false}
              tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" />}
              toolbar={<SettingsToolbar />}
              warnWhenUnsavedChanges
            >
              {tabs.map((tab) => (
                <TabbedForm.Tab key={tab.name} label={translate(sectionKey(tab.name), { _: tab.name })}>
                  {tab.fields.map((field) => (
                    <SettingInput key={field.path} field={field} />
                  ))}
                </TabbedForm.Tab>
              ))}
            </TabbedForm>
          </Card>
        </ResourceContextProvider>
      )}
    </Box>
  );
}

import { useEffect, useState } from 'react';
import { Box, Button, CardContent, IconButton, Stack, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useFormContext } from 'react-hook-form';
import {
  Form,
  HttpError,
  Login,
  PasswordInput,
  required,
  TextInput,
  useDataProvider,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { LoginParams } from '../providers/auth-provider';
import type { AdminDataProvider } from '../providers/data-provider';
import type { Captcha } from './login-api';

/** Errors after which the server wants a (new) captcha: every captcha is single-use, right or wrong. */
const CAPTCHA_ERRORS = new Set(['identity.captcha_required', 'identity.captcha_invalid']);

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

function SubmitButton() {
  const translate = useTranslate();
  const { formState } = useFormContext();
  return (
    <Button variant="contained" type="submit" color="primary" disabled={formState.isSubmitting} fullWidth>
      {translate('ra.auth.sign_in')}
    </Button>
  );
}

/** Clears the typed captcha when the image changes, since the old text can never match the new image. */
function CaptchaField({ captcha, onRefresh }: { captcha: Captcha; onRefresh: () => void }) {
  const translate = useTranslate();
  const { resetField } = useFormContext();
  useEffect(() => resetField('captcha', { defaultValue: '' }), [captcha.captchaKey, resetField]);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextInput
        source="captcha"
        label={translate('login.captcha')}
        autoComplete="off"
        autoFocus
        helperText="login.captcha_hint"
        validate={required()}
        slotProps={{ htmlInput: { maxLength: 4 } }}
        sx={{ flex: 1 }}
      />
      <Box
        component="img"
        src={captcha.image}
        alt={translate('login.captcha_image')}
        sx={{ height: 48, mt: 1, borderRadius: 1, bgcolor: 'background.paper' }}
      />
      <Tooltip title={translate('login.captcha_refresh')}>
        <IconButton aria-label={translate('login.captcha_refresh')} sx={{ mt: 1 }} onClick={onRefresh}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/**
 * Account and password; the captcha appears once the server answers `identity.captcha_required` (after
 * repeated failures) and a new one is fetched after every failed attempt that used one.
 */
export function LoginForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  const loadCaptcha = async () => {
    try {
      setCaptcha(await dataProvider.captcha());
    } catch (error) {
      const message = error instanceof Error ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };

  const submit = async (values: Partial<LoginValues>) => {
    const params: LoginParams = { username: values.username ?? '', password: values.password ?? '' };
    if (captcha && values.captcha) Object.assign(params, { captchaKey: captcha.captchaKey, captcha: values.captcha });
    try {
      await login(params);
    } catch (error) {
      const code = error instanceof HttpError ? (error.body as { code?: string } | undefined)?.code : undefined;
      // The server's message is already in the console's language.
      const message = error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      if (captcha || (code && CAPTCHA_ERRORS.has(code))) await loadCaptcha();
    }
  };

  return (
    <Form<LoginValues> onSubmit={submit} noValidate>
      <CardContent sx={{ minWidth: 300 }}>
        <TextInput
          source="username"
          label={translate('ra.auth.username')}
          autoComplete="username"
          autoFocus
          validate={required()}
          helperText={false}
        />
        <PasswordInput
          source="password"
          label={translate('ra.auth.password')}
          autoComplete="current-password"
          validate={required()}
          helperText={false}
        />
        {captcha && <CaptchaField captcha={captcha} onRefresh={() => void loadCaptcha()} />}
        <Box sx={{ mt: 2 }}>
          <SubmitButton />
        </Box>
      </CardContent>
    </Form>
  );
}

export function LoginPage() {
  return (
    <Login>
      <LoginForm />
    </Login>
  );
}

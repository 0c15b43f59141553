import { useTranslation } from '@/lib/translator';
import { useNavigate, useSearchParams } from '@/lib/router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { Tabs } from '@/components/ui/tabs';
import { CodeLoginForm } from '@/features/account/components/code-login-form';
import { LoginForm } from '@/features/account/components/login-form';
import { OauthProviders } from '@/features/account/components/oauth-providers';
import { jumpTarget } from '@/features/account/utils/jump-url';
import { useFeatureSwitch } from '@/stores/app-state';

/** `/login?jumpUrl=…`: account and password, phone or email with a code, or a third party; then back to `jumpUrl`. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const jumpUrl = searchParams.get('jumpUrl');
  const loginSwitch = useFeatureSwitch('login');
  const registerHref = jumpUrl ? `/register?jumpUrl=${encodeURIComponent(jumpUrl)}` : '/register';
  const onLoggedIn = () => void navigate(jumpTarget(jumpUrl), { replace: true });
  return (
    <section className="account-page" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        {t('screens.login')}
      </h1>
      {loginSwitch.enabled ? (
        <Tabs
          label={t('account.methods.loginLabel')}
          items={[
            {
              key: 'account',
              label: t('account.methods.account'),
              content: <LoginForm registerHref={registerHref} onLoggedIn={onLoggedIn} />,
            },
            {
              key: 'phone',
              label: t('account.methods.phone'),
              content: <CodeLoginForm method="phone" onLoggedIn={onLoggedIn} />,
            },
            {
              key: 'email',
              label: t('account.methods.email'),
              content: <CodeLoginForm method="email" onLoggedIn={onLoggedIn} />,
            },
            {
              key: 'other',
              label: t('account.methods.other'),
              content: <OauthProviders jumpUrl={jumpUrl} />,
            },
          ]}
        />
      ) : (
        <FeatureClosed message={loginSwitch.message} fallback={t('featureClosed.login')} />
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { Tabs } from '@/components/ui/tabs';
import { LoginForm } from '@/features/account/components/login-form';
import { MethodComingLater } from '@/features/account/components/method-coming-later';
import { jumpTarget } from '@/features/account/utils/jump-url';
import { useFeatureSwitch } from '@/stores/app-state';

/** `/login?jumpUrl=…`: account and password (phone, email and other methods come later), then back to `jumpUrl`. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const jumpUrl = searchParams.get('jumpUrl');
  const loginSwitch = useFeatureSwitch('login');
  const registerHref = jumpUrl ? `/register?jumpUrl=${encodeURIComponent(jumpUrl)}` : '/register';
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
              content: (
                <LoginForm
                  registerHref={registerHref}
                  onLoggedIn={() => void navigate(jumpTarget(jumpUrl), { replace: true })}
                />
              ),
            },
            {
              key: 'phone',
              label: t('account.methods.phone'),
              content: <MethodComingLater text={t('account.comingLater.phoneLogin')} />,
            },
            {
              key: 'email',
              label: t('account.methods.email'),
              content: <MethodComingLater text={t('account.comingLater.emailLogin')} />,
            },
            {
              key: 'other',
              label: t('account.methods.other'),
              content: <MethodComingLater text={t('account.comingLater.otherLogin')} />,
            },
          ]}
        />
      ) : (
        <FeatureClosed message={loginSwitch.message} fallback={t('featureClosed.login')} />
      )}
    </section>
  );
}

import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { Tabs } from '@/components/ui/tabs';
import { CodeRegisterForm } from '@/features/account/components/code-register-form';
import { RegisterForm } from '@/features/account/components/register-form';
import { jumpTarget } from '@/features/account/utils/jump-url';
import { useFeatureSwitch } from '@/stores/app-state';

/** `/register`: by account name, phone or email; afterwards on to `jumpUrl` or home. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const jumpUrl = searchParams.get('jumpUrl');
  const registration = useFeatureSwitch('registration');
  const loginHref = jumpUrl ? `/login?jumpUrl=${encodeURIComponent(jumpUrl)}` : '/login';
  const redirectTo = jumpTarget(jumpUrl);
  return (
    <section className="account-page" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        {t('screens.register')}
      </h1>
      {registration.enabled ? (
        <Tabs
          label={t('account.methods.registerLabel')}
          items={[
            {
              key: 'account',
              label: t('account.methods.account'),
              content: <RegisterForm redirectTo={redirectTo} loginHref={loginHref} />,
            },
            {
              key: 'phone',
              label: t('account.methods.phone'),
              content: <CodeRegisterForm method="phone" redirectTo={redirectTo} loginHref={loginHref} />,
            },
            {
              key: 'email',
              label: t('account.methods.email'),
              content: <CodeRegisterForm method="email" redirectTo={redirectTo} loginHref={loginHref} />,
            },
          ]}
        />
      ) : (
        <FeatureClosed message={registration.message} fallback={t('featureClosed.register')} />
      )}
    </section>
  );
}

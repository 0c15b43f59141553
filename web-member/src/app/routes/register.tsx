import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { Tabs } from '@/components/ui/tabs';
import { MethodComingLater } from '@/features/account/components/method-coming-later';
import { RegisterForm } from '@/features/account/components/register-form';
import { jumpTarget } from '@/features/account/utils/jump-url';
import { useFeatureSwitch } from '@/stores/app-state';

/** `/register`: by account name (phone and email come later); afterwards on to `jumpUrl` or home. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const jumpUrl = searchParams.get('jumpUrl');
  const registration = useFeatureSwitch('registration');
  const loginHref = jumpUrl ? `/login?jumpUrl=${encodeURIComponent(jumpUrl)}` : '/login';
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
              content: <RegisterForm redirectTo={jumpTarget(jumpUrl)} loginHref={loginHref} />,
            },
            {
              key: 'phone',
              label: t('account.methods.phone'),
              content: <MethodComingLater text={t('account.comingLater.phoneRegister')} />,
            },
            {
              key: 'email',
              label: t('account.methods.email'),
              content: <MethodComingLater text={t('account.comingLater.emailRegister')} />,
            },
          ]}
        />
      ) : (
        <FeatureClosed message={registration.message} fallback={t('featureClosed.register')} />
      )}
    </section>
  );
}

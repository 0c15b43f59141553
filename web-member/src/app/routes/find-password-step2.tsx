import { useTranslation } from '@/lib/translator';
import { useLocation, useSearchParams } from '@/lib/router';
import { FindPasswordStep2 } from '@/features/account/components/find-password-step2';

/** `/findPassWord/step2`: the new password; the step-1 token comes in the route state (or `?recoveryToken=`). */
export function Component() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: { recoveryToken?: unknown } | null };
  const [searchParams] = useSearchParams();
  const fromState = typeof state?.recoveryToken === 'string' ? state.recoveryToken : null;
  return (
    <section className="account-page" aria-labelledby="find-password-2-title">
      <h1 id="find-password-2-title" className="page-title">
        {t('screens.findPassWordStep2')}
      </h1>
      <FindPasswordStep2 recoveryToken={fromState ?? searchParams.get('recoveryToken')} />
    </section>
  );
}

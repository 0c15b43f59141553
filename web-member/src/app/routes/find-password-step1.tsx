import { useTranslation } from '@/lib/translator';
import { FindPasswordStep1 } from '@/features/account/components/find-password-step1';

/** `/findPassWord/step1`: the account, a captcha, then the hint answer or a code. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="account-page" aria-labelledby="find-password-title">
      <h1 id="find-password-title" className="page-title">
        {t('screens.findPassWordStep1')}
      </h1>
      <FindPasswordStep1 />
    </section>
  );
}

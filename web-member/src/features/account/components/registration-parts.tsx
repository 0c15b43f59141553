import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { SystemUser } from '@/lib/api/api-types';

/** The end of both registration forms: the submit button, then the way to the login screen. */
export function RegisterSubmit({ pending, loginHref }: { pending: boolean; loginHref: string }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="submit" className="button button--primary account-form__submit" disabled={pending}>
        {pending ? t('account.register.submitting') : t('account.register.submit')}
      </button>
      <p className="account-form__links">
        <span>
          {t('account.register.haveAccount')} <Link to={loginHref}>{t('account.register.login')}</Link>
        </span>
      </p>
    </>
  );
}

/** Shown in place of a registration form once it succeeded; its heading takes the focus so it is announced. */
export function Registered({ user, redirectTo, titleId }: { user: SystemUser; redirectTo: string; titleId: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="account-success" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('account.register.successTitle')}
      </h2>
      <p>{t('account.register.success', { name: user.nickname || user.account })}</p>
      <RedirectNotice to={redirectTo} />
    </section>
  );
}

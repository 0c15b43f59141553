import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { LoginLog } from '@/features/account/components/login-log';

/** `/user/control/userLoginLogList?page=`: the member's login log. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <section aria-labelledby="login-log-title">
      <h1 id="login-log-title" className="page-title">
        {t('control.userLoginLogList')}
      </h1>
      <LoginLog page={pageFrom(searchParams.get('page'))} />
    </section>
  );
}

import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { OauthReturn } from '@/features/account/components/oauth-return';

/** `/thirdParty/loginRedirect?code&state`: where a third-party provider sends the member back. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <section className="account-page" aria-labelledby="oauth-title">
      <h1 id="oauth-title" className="page-title">
        {t('screens.thirdPartyLogin')}
      </h1>
      <OauthReturn
        code={searchParams.get('code')}
        state={searchParams.get('state')}
        providerError={searchParams.get('error')}
        providerErrorText={searchParams.get('error_description')}
      />
    </section>
  );
}

import { useTranslation } from '@/lib/translator';
import { authorizeUrl, useOauthProviders } from '../api/oauth';
import { jumpTarget } from '../utils/jump-url';
import { rememberOauthJumpUrl } from '../utils/oauth-jump';

/** "Other methods": one link per provider the staff enabled; the browser leaves for the provider's sign-in. */
export function OauthProviders({ jumpUrl }: { jumpUrl: string | null }) {
  const { t } = useTranslation();
  const providers = useOauthProviders();
  // The server takes a plain path of this site; '' when there is none worth returning to.
  const returnTo = jumpTarget(jumpUrl, '') || null;

  if (providers.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (providers.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('oauth.loadError')}</p>
        <button type="button" className="button" onClick={() => void providers.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (providers.data.length === 0) return <p className="muted">{t('oauth.none')}</p>;
  return (
    <ul className="oauth-list" aria-label={t('oauth.listLabel')}>
      {providers.data.map((provider) => (
        <li key={provider.id}>
          <a
            className="button oauth-list__link"
            href={authorizeUrl(provider.id, returnTo)}
            onClick={() => rememberOauthJumpUrl(jumpUrl)}
          >
            {t('oauth.continueWith', { name: provider.name })}
          </a>
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '@/hooks/use-redirect-after';

/** "Done, on to … in 3 s" with a link to go at once. */
export function RedirectNotice({
  to,
  delayMs = REDIRECT_DELAY_MS,
  state,
}: {
  to: string;
  delayMs?: number;
  /** Route state that goes with the navigation (and the link). */
  state?: unknown;
}) {
  const { t } = useTranslation();
  const seconds = useRedirectAfter(to, delayMs, state);
  return (
    <p className="redirect-notice" role="status">
      {t('redirect.countdown', { seconds })}{' '}
      <Link to={to} state={state}>
        {t('redirect.goNow')}
      </Link>
    </p>
  );
}

import { useTranslation } from '@/lib/translator';
import { useMatches } from '@/lib/router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { useAppState } from '@/stores/app-state';
import type { RouteHandle } from '../router';

/** Every screen that is registered but not built yet. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatches();
  const current = matches[matches.length - 1];
  const titleKey = (current?.handle as RouteHandle | undefined)?.titleKey ?? 'common.comingSoon';
  const topicDenied = useAppState((state) => !state.topicDetailPermission);
  if (topicDenied && current?.pathname === '/thread') {
    return (
      <section className="coming-soon">
        <h1>{t(titleKey)}</h1>
        <p role="alert">{t('screens.topicDenied')}</p>
      </section>
    );
  }
  return <ComingSoon title={t(titleKey)} />;
}

import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { FeedbackForm, HelpCenter, HelpDetail, TermsOfService } from '@/features/moderation/components/content-pages';
import { ReportList } from '@/features/moderation/components/report-list';
import { ControlScreen } from './control-screen';

/** The moderation context's screens: the content pages (`/help`, `/helpDetail`, `/termsService`, `/feedback`) and `reportList`. */

export function HelpScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="page">
      <h1 className="page-title">{t('screens.help')}</h1>
      <HelpCenter
        categoryId={params.get('categoryId') ?? ''}
        q={params.get('q') ?? ''}
        page={pageFrom(params.get('page'))}
      />
    </section>
  );
}

export function HelpDetailScreen() {
  const [params] = useSearchParams();
  return (
    <section className="page">
      <HelpDetail articleId={params.get('helpId') ?? ''} />
    </section>
  );
}

export function TermsScreen() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t('screens.termsService')}</h1>
      <TermsOfService />
    </section>
  );
}

export function FeedbackScreen() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t('screens.feedback')}</h1>
      <FeedbackForm />
    </section>
  );
}

/** `reportList` in the control panel. */
export function ReportListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <ControlScreen title={t('control.reportList')}>
      <ReportList page={pageFrom(params.get('page'))} />
    </ControlScreen>
  );
}

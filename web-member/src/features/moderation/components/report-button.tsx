import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation, withEveryText } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { useAppState, useFeatureSwitch } from '@/stores/app-state';
import type { ReportKind } from '../api/moderation';

const ReportDialog = lazy(
  withEveryText(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog }))),
);

export const REASON_MAX_LENGTH = 500;

/**
 * "Report" under a topic, comment or reply (docs/rules/moderation.md, reports): a modal dialog to choose the type, write the reason
 * (required by some types), attach images (as many as the site allows) and, when the member files many
 * reports a minute, answer a captcha. Visitors are not offered it; while staff switch reporting off it stays, and
 * says so with their message.
 */
export function ReportButton({ kind, contentId }: { kind: ReportKind; contentId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const loggedIn = useAppState((state) => state.systemUser !== null);
  const reporting = useFeatureSwitch('reporting');
  if (!loggedIn) return null;
  const choose = () => {
    if (reporting.enabled) setOpen(true);
    else toast.error(reporting.message || t('moderation.report.closed'));
  };
  return (
    <>
      <button ref={opener} type="button" className="button button--small" onClick={choose}>
        {t('moderation.report.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            kind={kind}
            contentId={contentId}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

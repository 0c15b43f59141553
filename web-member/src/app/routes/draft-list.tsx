import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { questionHref } from '@/features/questions/components/question-list';
import { topicHref } from '@/features/topics/components/topic-href';
import { draftPath, type DraftExtraValue } from '@/hooks/use-draft';
import { api } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format-time';
import { ControlScreen } from './control-screen';

/** A row of `GET /api/forum/drafts` (services/forum/src/drafts/draft.schemas.ts). */
interface DraftRow {
  key: string;
  kind: 'topic' | 'topic-edit' | 'comment' | 'reply' | 'question' | 'answer';
  targetId: string | null;
  title: string;
  excerpt: string;
  updatedAt: string;
  extra?: Record<string, DraftExtraValue>;
}

const DRAFTS_KEY = ['forum', 'drafts'] as const;

/** Where the editor of a draft is; a reply's draft names its topic in `extra.topicId` (null: not known). */
function editorHref(row: DraftRow): string | null {
  const target = row.targetId ?? '';
  switch (row.kind) {
    case 'topic':
      return '/addTopic';
    case 'question':
      return '/addQuestion';
    case 'topic-edit':
      return `/user/editTopic?topicId=${encodeURIComponent(target)}`;
    case 'comment':
      return topicHref(target);
    case 'answer':
      return questionHref(target);
    case 'reply': {
      const topicId = row.extra?.topicId;
      return typeof topicId === 'string' ? `${topicHref(topicId)}&commentId=${encodeURIComponent(target)}` : null;
    }
  }
}

/**
 * `/user/control/draftList`: the member's drafts (docs/rules/forum.md, drafts), the most recently saved first, each
 * with a link back to its editor (where it is restored) and a discard button.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const drafts = useQuery({
    queryKey: DRAFTS_KEY,
    queryFn: () => api.get<{ items: DraftRow[]; max: number }>('/api/forum/drafts'),
  });
  const discard = useMutation({
    mutationFn: (key: string) => api.request('DELETE', draftPath(key)),
    onSuccess: () => {
      toast.success(t('drafts.discarded'));
      void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
    },
  });

  const title = t('control.draftList');
  let body;
  if (drafts.isPending) body = <p className="muted">{t('common.loading')}</p>;
  else if (drafts.isError) {
    body = (
      <div className="inline-error" role="alert">
        <p>{t('forum.my.loadError')}</p>
        <button type="button" className="button" onClick={() => void drafts.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!drafts.data.items.length) body = <p className="muted">{t('drafts.empty')}</p>;
  else {
    body = (
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{t('drafts.listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('drafts.what')}</th>
              <th scope="col">{t('drafts.text')}</th>
              <th scope="col">{t('drafts.savedColumn')}</th>
              <th scope="col">{t('drafts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {drafts.data.items.map((row) => {
              const href = editorHref(row);
              return (
                <tr key={row.key}>
                  <td>{t(`drafts.kind.${row.kind}`)}</td>
                  <td>
                    {row.kind === 'topic' || row.kind === 'question' || row.title ? (
                      <strong>{row.title || t('drafts.untitled')}</strong>
                    ) : null}
                    {row.excerpt ? <span className="draft-list__excerpt"> {row.excerpt}</span> : null}
                  </td>
                  <td>
                    <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt, i18n.language)}</time>
                  </td>
                  <td className="draft-list__actions">
                    {href ? <Link to={href}>{t('drafts.open')}</Link> : null}{' '}
                    <button
                      type="button"
                      className="button button--small"
                      disabled={discard.isPending}
                      onClick={() => discard.mutate(row.key)}
                    >
                      {t('drafts.discard')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ControlScreen title={title}>
      <p className="muted">{t('drafts.intro', { max: drafts.data?.max ?? 50 })}</p>
      {body}
    </ControlScreen>
  );
}

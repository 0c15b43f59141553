import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translator';
import { api } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format-time';
import { diffTokens, words, type DiffPart, type DiffToken } from '@/lib/word-diff';
import {
  revisionsPath,
  type RevisionList,
  type RevisionPart,
  type RevisionTarget,
  type RevisionView,
} from './revisions';

/** The edit history's dialog: its code (with the word diff) loads when a reader first opens a history. */
function useRevisions(target: RevisionTarget) {
  return useQuery({
    queryKey: ['revisions', target.kind, target.id],
    queryFn: ({ signal }) => api.get<RevisionList>(revisionsPath(target), { signal, silent: true }),
    staleTime: 0,
  });
}

/** Locked and opened hidden blocks become tokens of their own: their keys hold a NUL, which no typed text can. */
export function revisionTokens(parts: RevisionPart[], lockedLabel: string): DiffToken[] {
  const tokens: DiffToken[] = [];
  parts.forEach((part, index) => {
    if (index > 0) tokens.push({ text: '\n', key: '\n' });
    if (part.kind === 'text') tokens.push(...words(part.text));
    else if (part.locked) tokens.push({ text: lockedLabel, key: `\u0000locked:${part.hideType}`, kind: 'locked' });
    else {
      tokens.push({ text: lockedLabel, key: `\u0000open:${part.hideType}`, kind: 'block' });
      tokens.push(...words(part.text));
      tokens.push({ text: '', key: `\u0000close:${part.hideType}`, kind: 'blockEnd' });
    }
  });
  return tokens;
}

export function RevisionsDialog({ target, onClose }: { target: RevisionTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const history = useRevisions(target);
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const items = history.data?.items ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = items.find((item) => item.revision === chosen) ?? items[items.length - 1];

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const who = (item: RevisionView) => item.by.nickname ?? t('history.someone');
  return (
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal revisions" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {t('history.title')}
        </h2>
        {history.isPending ? <p className="muted">{t('common.loading')}</p> : null}
        {history.isError ? (
          <p className="form-error" role="alert">
            {t('history.loadError')}
          </p>
        ) : null}
        {history.isSuccess && items.length === 0 ? <p className="muted">{t('history.empty')}</p> : null}
        {items.length > 0 && selected ? (
          <div className="revisions__body">
            <ol className="revisions__list" aria-label={t('history.versions')}>
              {[...items].reverse().map((item) => (
                <li key={item.revision}>
                  <button
                    type="button"
                    className="revisions__version"
                    aria-current={item.revision === selected.revision ? 'true' : undefined}
                    onClick={() => setChosen(item.revision)}
                  >
                    <strong>{t('history.version', { number: item.number })}</strong>
                    {item.current ? <span className="revisions__tag">{t('history.current')}</span> : null}
                    {item.number === 1 ? <span className="revisions__tag">{t('history.original')}</span> : null}
                    {item.hiddenByStaff ? (
                      <span className="revisions__tag revisions__tag--hidden">{t('history.hiddenByStaff')}</span>
                    ) : null}
                    <span className="muted revisions__when">
                      <time dateTime={item.at}>{formatDateTime(item.at, i18n.language)}</time> ·{' '}
                      {t('history.by', { name: who(item) })}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <RevisionChanges items={items} selected={selected} />
          </div>
        ) : null}
        <div className="modal__actions">
          <button ref={closeButton} type="button" className="button" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The chosen version against the one before it: words added and removed, hidden blocks as placeholders. */
function RevisionChanges({ items, selected }: { items: RevisionView[]; selected: RevisionView }) {
  const { t } = useTranslation();
  const index = items.indexOf(selected);
  const previous = index > 0 ? items[index - 1] : undefined;
  if (!selected.parts) {
    return (
      <section className="revisions__changes" aria-live="polite">
        <p className="revisions__hidden">{t('history.hiddenNote')}</p>
      </section>
    );
  }
  const locked = t('history.locked');
  const after = revisionTokens(selected.parts, locked);
  const comparable = previous?.parts ? previous : undefined;
  const parts: DiffPart[] = comparable
    ? diffTokens(revisionTokens(comparable.parts!, locked), after)
    : [{ op: 'same', tokens: after }];
  const titleParts =
    comparable && comparable.title !== null && selected.title !== null && comparable.title !== selected.title
      ? diffTokens(words(comparable.title), words(selected.title))
      : null;
  const changed = parts.some((part) => part.op !== 'same');
  return (
    <section className="revisions__changes" aria-live="polite">
      {selected.hiddenByStaff ? <p className="revisions__hidden">{t('history.hiddenForStaff')}</p> : null}
      <p className="muted">
        {comparable ? t('history.changesFrom', { number: comparable.number }) : t('history.firstVersion')}
        {comparable && !changed && !titleParts ? ` ${t('history.noChanges')}` : ''}
      </p>
      {titleParts ? (
        <p className="revisions__title">
          <span className="muted">{t('history.titleChanged')}: </span>
          <DiffText parts={titleParts} />
        </p>
      ) : selected.title !== null && !comparable ? (
        <p className="revisions__title">{selected.title}</p>
      ) : null}
      <div className="revisions__text">
        <DiffText parts={parts} />
      </div>
    </section>
  );
}

function DiffText({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.map((part, index) => {
        const content = part.tokens.map((token, tokenIndex) =>
          token.kind === 'locked' || token.kind === 'block' ? (
            <span
              key={tokenIndex}
              className={`revisions__block${token.kind === 'locked' ? ' revisions__block--locked' : ''}`}
            >
              {token.kind === 'locked' ? '🔒 ' : ''}
              {token.text}
            </span>
          ) : (
            token.text
          ),
        );
        if (part.op === 'added')
          return (
            <ins key={index} title={t('history.added')}>
              {content}
            </ins>
          );
        if (part.op === 'removed')
          return (
            <del key={index} title={t('history.removed')}>
              {content}
            </del>
          );
        return <span key={index}>{content}</span>;
      })}
    </>
  );
}

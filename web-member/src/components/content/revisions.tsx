import './revisions.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation, withEveryText } from '@/lib/translator';

const RevisionsDialog = lazy(
  withEveryText(() => import('./revisions-dialog').then((module) => ({ default: module.RevisionsDialog }))),
);

/** One piece of a revision as the server sends it: text, or a hidden block (text only once the reader opened it). */
export type RevisionPart =
  | { kind: 'text'; text: string }
  | { kind: 'hidden'; hideType: number; locked: true }
  | { kind: 'hidden'; hideType: number; locked: false; text: string };

export interface RevisionView {
  revision: number;
  number: number;
  current: boolean;
  at: string;
  by: { memberId: string; nickname: string | null; cancelled: boolean };
  hiddenByStaff: boolean;
  hiddenAt: string | null;
  /** Null when staff hid it (for members). */
  title: string | null;
  parts: RevisionPart[] | null;
}

export interface RevisionList {
  kind: string;
  targetId: string;
  items: RevisionView[];
}

/** The history routes (GET …/revisions) of what shows an "edited" mark. */
export type RevisionTarget =
  { kind: 'topic' | 'comment' | 'reply'; id: string } | { kind: 'question' | 'answer'; id: string };

export function revisionsPath(target: RevisionTarget): string {
  const id = encodeURIComponent(target.id);
  switch (target.kind) {
    case 'topic':
      return `/api/forum/topics/${id}/revisions`;
    case 'comment':
      return `/api/forum/comments/${id}/revisions`;
    case 'reply':
      return `/api/forum/replies/${id}/revisions`;
    case 'question':
      return `/api/qa/questions/${id}/revisions`;
    case 'answer':
      return `/api/qa/answers/${id}/revisions`;
  }
}

/**
 * "Edited <time>" beside a topic, comment, reply, question or answer: a button that opens its edit history
 * (docs/rules/forum.md and qa.md, edit history).
 */
export function EditedMark({ target, label }: { target: RevisionTarget; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="edited-mark"
        title={t('history.open')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <RevisionsDialog
            target={target}
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

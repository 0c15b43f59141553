import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { formProblemsOf } from '@/lib/form-problems';
import { useWriteContent, type ContentWrite } from '../api/comments';
import { htmlToText, textToHtml } from '../utils/plain-html';
import { MentionList } from './mention-suggestions';
import { useTextareaMentions } from './use-textarea-mentions';

export const CONTENT_MAX = 20_000;

type Target = ContentWrite extends infer W ? (W extends ContentWrite ? Omit<W, 'content'> : never) : never;

/** The box for a comment, a reply or an edit of one: required, at most 20,000 characters, server errors shown. */
export function ContentForm({
  target,
  label,
  submitLabel,
  successMessage,
  initialHtml = '',
  onDone,
  onCancel,
}: {
  target: Target;
  label: string;
  submitLabel: string;
  successMessage: string;
  initialHtml?: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => (initialHtml ? htmlToText(initialHtml) : ''));
  const [error, setError] = useState<string | null>(null);
  const write = useWriteContent();
  const field = useRef<HTMLTextAreaElement>(null);
  const mentions = useTextareaMentions(field, text, setText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('forum.contentRequired'));
    if (text.length > CONTENT_MAX) return setError(t('forum.contentTooLong', { max: CONTENT_MAX }));
    setError(null);
    write.mutate({ ...target, content: textToHtml(text) } as ContentWrite, {
      onSuccess: () => {
        setText('');
        toast.success(successMessage);
        onDone?.();
      },
      onError: (failure) => {
        const problems = formProblemsOf(failure, ['content'], t);
        setError(problems.fields.content ?? problems.closed ?? problems.form ?? t('common.submitError'));
      },
    });
  };

  return (
    <form className="content-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        rows={4}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          mentions.track();
          if (error) setError(null);
        }}
        onSelect={mentions.track}
        onKeyDown={mentions.onKeyDown}
        onBlur={mentions.close}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      {mentions.open ? (
        <MentionList items={mentions.items} active={mentions.active} onChoose={mentions.choose} />
      ) : null}
      <p id={`${id}-hint`} className="content-form__hint">
        {t('forum.mentionHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="content-form__actions">
        <button type="submit" className="button button--primary" disabled={write.isPending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('forum.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

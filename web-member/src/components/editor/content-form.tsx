import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { DraftNote } from '@/components/content/draft-note';
import { FormActions } from '@/components/content/form-actions';
import { toast } from '@/components/ui/toast-store';
import { useDraft, type DraftExtraValue } from '@/hooks/use-draft';
import { formProblemsOf } from '@/lib/form-problems';
import { MarkdownEditor } from './markdown-editor';
import { htmlToText, textToHtml } from '@/lib/plain-html';
import { MentionList } from './mention-suggestions';
import { useTextareaMentions } from './use-textarea-mentions';

export const CONTENT_MAX = 20_000;

/** What a write is aimed at: the write without its text, each kind of the union kept whole. */
type WriteTarget<W> = W extends unknown ? Omit<W, 'content'> : never;

type Write<W> = UseMutationResult<unknown, Error, W>;

interface ContentFormProps<W> {
  target: WriteTarget<W>;
  label: string;
  submitLabel: string;
  successMessage: string;
  initialHtml?: string;
  onDone?: () => void;
  onCancel?: () => void;
  /** The member's draft of this box (`comment:<topicId>`, `reply:<commentId>`, `answer:<questionId>`), if it keeps one. */
  draftKey?: string;
  /** Kept with the draft: where its editor is (a reply's `topicId`, for the control panel's link). */
  draftExtra?: Record<string, DraftExtraValue>;
}

/**
 * The boxes of one kind of plain-text content (forum comments in `features/topics`, Q&A answers in
 * `features/questions`) written through `useWrite`. Each box holds its own mutation, so one box being sent neither
 * holds nor closes another.
 */
export function makeContentForms<W extends { content: string; format?: 'markdown' }>(useWrite: () => Write<W>) {
  function ContentForm(props: ContentFormProps<W>) {
    const write = useWrite();
    return <MentionTextForm {...props} write={write} />;
  }

  /** A reply to a comment, an answer or a reply, naming whom it answers: posted or cancelled, it closes. */
  function ReplyForm({
    target,
    name,
    onClose,
    draftKey,
    draftExtra,
  }: { target: WriteTarget<W>; name: string; onClose: () => void } & Pick<
    ContentFormProps<W>,
    'draftKey' | 'draftExtra'
  >) {
    const { t } = useTranslation();
    return (
      <ContentForm
        target={target}
        draftKey={draftKey}
        draftExtra={draftExtra}
        label={t('forum.replyTo', { name })}
        submitLabel={t('forum.postReply')}
        successMessage={t('forum.replyPosted')}
        onDone={onClose}
        onCancel={onClose}
      />
    );
  }

  /** Editing content in place: saved or cancelled, the form closes. */
  function EditForm({
    target,
    label,
    html,
    onClose,
  }: {
    target: WriteTarget<W>;
    label: string;
    html: string;
    onClose: () => void;
  }) {
    const { t } = useTranslation();
    return (
      <ContentForm
        target={target}
        label={label}
        submitLabel={t('forum.save')}
        successMessage={t('forum.saved')}
        initialHtml={html}
        onDone={onClose}
        onCancel={onClose}
      />
    );
  }

  return { ContentForm, ReplyForm, EditForm };
}

/**
 * The box itself: required, at most 20,000 characters, `@` mentions, server errors shown. Plain text by default; a
 * writer may tick Markdown (ADR 33): the text then goes out as Markdown for the server to convert, with a preview.
 */
// Callers check `target` against each kind of write; here the plain `Omit` lets target plus text make a `W` again.
function MentionTextForm<W extends { content: string; format?: 'markdown' }>({
  write,
  target,
  label,
  submitLabel,
  successMessage,
  initialHtml = '',
  onDone,
  onCancel,
  draftKey,
  draftExtra,
}: Omit<ContentFormProps<W>, 'target'> & { target: Omit<W, 'content'>; write: Write<W> }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => (initialHtml ? htmlToText(initialHtml) : ''));
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const mentions = useTextareaMentions(field, text, setText);
  const [markdown, setMarkdown] = useState(false);
  const draft = useDraft(draftKey ?? null, (saved) => {
    setMarkdown(saved.format === 'markdown');
    setText(saved.format === 'markdown' ? saved.content : htmlToText(saved.content));
  });
  const keep = (value: string, asMarkdown = markdown) =>
    draft.change({
      content: value.trim() ? (asMarkdown ? value : textToHtml(value)) : '',
      format: asMarkdown ? 'markdown' : 'html',
      extra: draftExtra,
    });
  const edit = (value: string) => {
    setText(value);
    keep(value);
    if (error) setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('forum.contentRequired'));
    if (text.length > CONTENT_MAX) return setError(t('forum.contentTooLong', { max: CONTENT_MAX }));
    setError(null);
    const written = markdown ? { content: text, format: 'markdown' as const } : { content: textToHtml(text) };
    write.mutate({ ...target, ...written } as W, {
      onSuccess: (answer) => {
        draft.sent();
        setText('');
        toast.success((answer as { pending?: boolean } | null)?.pending ? t('forum.heldForReview') : successMessage);
        onDone?.();
      },
      onError: (failure) => {
        const problems = formProblemsOf(failure, ['content'], t);
        // A switched-off capability (answers, addenda) answers its message for the whole form.
        setError(problems.fields.content ?? problems.closed ?? problems.form ?? t('common.submitError'));
      },
    });
  };

  return (
    <form className="content-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <DraftNote draft={draft} onDiscard={() => setText(initialHtml ? htmlToText(initialHtml) : '')} />
      <label className="content-form__format">
        <input
          type="checkbox"
          checked={markdown}
          onChange={(event) => {
            setMarkdown(event.target.checked);
            keep(text, event.target.checked);
          }}
        />{' '}
        {t('forum.editor.markdown.markdown')}
      </label>
      {markdown ? (
        <MarkdownEditor
          value={text}
          onChange={edit}
          label={label}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          hiddenBlocks={false}
        />
      ) : (
        <textarea
          ref={field}
          id={id}
          rows={4}
          value={text}
          onChange={(event) => {
            edit(event.target.value);
            mentions.track();
          }}
          onSelect={mentions.track}
          onKeyDown={mentions.onKeyDown}
          onBlur={mentions.close}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
      )}
      {mentions.open && !markdown ? (
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
      <FormActions submitLabel={submitLabel} pending={write.isPending} onCancel={onCancel} />
    </form>
  );
}

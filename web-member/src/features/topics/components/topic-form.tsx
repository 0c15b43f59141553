import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { useNavigate } from '@/lib/router';
import { DraftNote } from '@/components/content/draft-note';
import { TagPicker } from '@/components/content/tag-picker';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { EnvelopeFields, ENVELOPE_SERVER_FIELDS, useEnvelopeDraft } from '@/features/wallet';
import { createPoll, PollFields, usePollDraft } from '@/features/polls';
import { ApiError } from '@/lib/api/api-error';
import { useDraft } from '@/hooks/use-draft';
import { formProblemsOf } from '@/lib/form-problems';
import { appState, useAppState, useFeatureSwitch } from '@/stores/app-state';
import { useSaveTopic } from '../api/topic';
import { flattenTags, useTags } from '../api/tags';
import { RichEditor, type ContentFormat } from '@/components/editor/rich-editor';
import { TopicContent } from './topic-content';
import { topicHref } from './topic-href';

/** The server's `TITLE_MAX` (services/forum/src/topics/topic.schemas.ts). */
export const TITLE_MAX = 150;
const DEFAULT_MAX_TAGS = 3;
type Field = 'title' | 'content' | 'tagIds';

/** The staff's tags-per-topic maximum when `/baseInfo` carries it (`forum.maxTagsPerTopic`), else the default. */
function useMaxTags(): number {
  return useAppState((state) => {
    const info = state as unknown as { forum?: { maxTagsPerTopic?: number }; maxTagsPerTopic?: number };
    return info.forum?.maxTagsPerTopic ?? info.maxTagsPerTopic ?? DEFAULT_MAX_TAGS;
  });
}

export interface TopicFormValues {
  title: string;
  content: string;
  tagIds: string[];
  /** `markdown` when the content is Markdown text the server converts (ADR 0033); absent is HTML. */
  format?: ContentFormat;
}

/** Post (`topicId` absent) or edit a topic: title, rich content with hidden blocks, leaf tags. */
export function TopicForm({ topicId, initial }: { topicId?: string; initial?: TopicFormValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const maxTags = useMaxTags();
  const posting = useFeatureSwitch(topicId ? 'editTopics' : 'topicPosting');
  const tags = useTags();
  const save = useSaveTopic(topicId);
  const envelope = useEnvelopeDraft(!topicId);
  const poll = usePollDraft();
  const [values, setValues] = useState<TopicFormValues>(initial ?? { title: '', content: '', tagIds: [] });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The editor takes its content when it mounts: a restored or discarded draft mounts a new one.
  const [editorVersion, setEditorVersion] = useState(0);
  const showValues = (next: TopicFormValues) => {
    setValues(next);
    setEditorVersion((version) => version + 1);
  };
  const draft = useDraft(topicId ? `topic-edit:${topicId}` : 'topic:new', (saved) =>
    showValues({
      title: saved.title,
      content: saved.content,
      format: saved.format,
      tagIds: Array.isArray(saved.extra.tagIds) ? saved.extra.tagIds : (initial?.tagIds ?? []),
    }),
  );

  if (!posting.enabled || closed !== null) {
    return <FeatureClosed message={closed || posting.message} fallback={t('featureClosed.post')} />;
  }

  const set = <K extends Field>(field: K, value: TopicFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    const next = { ...values, [field]: value };
    draft.change({ title: next.title, content: next.content, format: next.format, extra: { tagIds: next.tagIds } });
  };

  /** The editor's content in its format: Markdown is sent as such and converted by the server (ADR 0033). */
  const setContent = (content: string, format: ContentFormat) => {
    setValues((current) => ({ ...current, content, format }));
    setErrors((current) => ({ ...current, content: undefined }));
    draft.change({ title: values.title, content, format, extra: { tagIds: values.tagIds } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    const title = values.title.trim();
    if (!title) problems.title = t('forum.editor.titleRequired');
    else if (title.length > TITLE_MAX) problems.title = t('forum.editor.titleTooLong', { max: TITLE_MAX });
    if (!values.content.trim()) problems.content = t('forum.editor.contentRequired');
    if (!values.tagIds.length) problems.tagIds = t('forum.editor.tagsRequired');
    else if (values.tagIds.length > maxTags) problems.tagIds = t('forum.editor.tagsTooMany', { max: maxTags });
    setErrors(problems);
    setFormError(null);
    const redEnvelope = envelope.check();
    const pollInput = topicId ? null : poll.check();
    if (Object.keys(problems).length || redEnvelope === false || pollInput === false) return;
    save.mutate(
      { ...values, title, ...(redEnvelope ? { redEnvelope } : {}) },
      {
        onSuccess: async (answer) => {
          draft.sent();
          if (answer.pending) {
            toast.success(t('forum.heldForReview'));
            if (pollInput) toast.error(t('polls.notAddedHeld'));
            return void navigate('/');
          }
          // The poll is the topic's own once the topic exists (its id is the topic's): added right after posting.
          if (pollInput && answer.topicId)
            await createPoll(answer.topicId, pollInput).catch((error: unknown) =>
              toast.error(t('polls.notAdded', { reason: error instanceof ApiError ? error.message : '' })),
            );
          toast.success(topicId ? t('forum.editor.updated') : t('forum.editor.posted'));
          void navigate(topicHref(answer.topicId ?? topicId ?? ''));
        },
        onError: (failure) => {
          const answer = formProblemsOf(failure, ['title', 'content', 'tagIds', ...ENVELOPE_SERVER_FIELDS], t);
          if (answer.closed !== null) return setClosed(answer.closed);
          setErrors(answer.fields);
          envelope.showServerProblems(answer.fields);
          setFormError(answer.form);
        },
      },
    );
  };

  const leafTags = flattenTags(tags.data?.items ?? []).flatMap(({ tag }) => (tag.leaf ? [tag] : []));
  // The server's limit, counted as it counts (trimmed) and said as soon as it is passed: nothing is cut silently.
  const titleLength = values.title.trim().length;
  const markdown = values.format === 'markdown';
  const titleError =
    errors.title ?? (titleLength > TITLE_MAX ? t('forum.editor.titleTooLong', { max: TITLE_MAX }) : undefined);
  if (!appState.get().systemUser) return <p role="alert">{t('forum.editor.loginToPost')}</p>;

  return (
    <form className="topic-form" onSubmit={submit} noValidate>
      <DraftNote draft={draft} onDiscard={() => showValues(initial ?? { title: '', content: '', tagIds: [] })} />
      <TextField
        label={t('forum.editor.title')}
        name="title"
        value={values.title}
        onValueChange={(value) => set('title', value)}
        error={titleError}
        hint={t('forum.editor.titleCount', { count: titleLength, max: TITLE_MAX })}
      />
      <TagPicker
        legend={t('forum.editor.tags')}
        tags={leafTags}
        chosen={values.tagIds}
        onChange={(tagIds) => set('tagIds', tagIds)}
        error={errors.tagIds}
        hint={t('forum.editor.tagsHint', { max: maxTags })}
      />
      <div className={`field${errors.content ? ' field--invalid' : ''}`}>
        <span className="field__label" id={`${id}-content-label`}>
          {t('forum.editor.content')}
        </span>
        <RichEditor
          key={editorVersion}
          initialHtml={values.content}
          initialFormat={values.format}
          onChange={setContent}
          label={t('forum.editor.content')}
          invalid={!!errors.content}
          describedBy={errors.content ? `${id}-content-error` : undefined}
        />
        {errors.content ? (
          <p id={`${id}-content-error`} className="field__error" role="alert">
            {errors.content}
          </p>
        ) : null}
      </div>
      {/* Markdown is previewed in the editor's own tab, rendered by the server (the text here is not HTML). */}
      {markdown ? null : (
        <button
          type="button"
          className="button button--small"
          aria-expanded={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? t('forum.editor.hidePreview') : t('forum.editor.preview')}
        </button>
      )}
      {previewing && !markdown ? (
        // The topic as readers will see it, every hidden block open under its label (the author sees them all).
        <section className="topic-preview" aria-label={t('forum.editor.preview')}>
          <h2 className="topic-preview__title">{values.title.trim() || t('forum.editor.previewUntitled')}</h2>
          {values.content ? (
            <TopicContent topicId={topicId ?? ''} html={values.content} blocks={[]} loggedIn />
          ) : (
            <p className="muted">{t('forum.editor.previewEmpty')}</p>
          )}
        </section>
      ) : null}
      {topicId ? null : <EnvelopeFields draft={envelope} />}
      {topicId ? null : <PollFields draft={poll} />}
      {formError ? (
        <p className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {topicId ? t('forum.editor.update') : t('forum.editor.submit')}
      </button>
    </form>
  );
}

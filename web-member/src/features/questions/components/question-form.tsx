import '@/styles/forum.css';
import '../questions.css';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { DraftNote } from '@/components/content/draft-note';
import { FormActions } from '@/components/content/form-actions';
import { TagPicker } from '@/components/content/tag-picker';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { RichEditor, type ContentFormat } from '@/components/editor/rich-editor';
import { useMyWallet } from '@/features/wallet';
import { formatFen } from '@contracts/wallet/money';
import { useDraft } from '@/hooks/use-draft';
import { ApiError } from '@/lib/api/api-error';
import { formProblemsOf } from '@/lib/form-problems';
import { encodeLocation } from '@/lib/route-codec';
import { rules } from '@/lib/validation';
import { useAppState, useFeatureSwitch } from '@/stores/app-state';
import { flattenQaTags, useQaTags, useSaveQuestion } from '../api/questions';
import { checkCashBounty, checkPointsBounty, useQaSettings, type QaSettings } from '../utils/qa-settings';
import { questionHref } from './question-list';

type Field = 'title' | 'content' | 'tagIds' | 'bountyAmount' | 'bountyPoints';
const FIELDS: Field[] = ['title', 'content', 'tagIds', 'bountyAmount', 'bountyPoints'];

export interface QuestionFormValues {
  title: string;
  content: string;
  tagIds: string[];
  /** `markdown` when the content is Markdown text the server converts (ADR 0033); absent is HTML. */
  format?: ContentFormat;
}

/**
 * Ask (`questionId` absent) or edit a question: title 1–90, rich content, 1..max leaf tags of the question tree;
 * asking may offer a cash bounty (yuan, sent as text and kept in fen) and a points bounty within the settings'
 * bounds and what the member has. An edit calls `onDone` instead of opening the question.
 */
export function QuestionForm({
  questionId,
  initial,
  onDone,
  onCancel,
}: {
  questionId?: string;
  initial?: QuestionFormValues;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const settings = useQaSettings();
  const asking = useFeatureSwitch('asking');
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  const tags = useQaTags();
  const save = useSaveQuestion(questionId);
  const [values, setValues] = useState<QuestionFormValues>(initial ?? { title: '', content: '', tagIds: [] });
  const [cash, setCash] = useState('');
  const [points, setPoints] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const wallet = useMyWallet();
  // The editor takes its content when it mounts: a restored or discarded draft mounts a new one.
  const [editorVersion, setEditorVersion] = useState(0);
  const showValues = (next: QuestionFormValues) => {
    setValues(next);
    setEditorVersion((version) => version + 1);
  };
  // Asking keeps a draft; editing a question does not.
  const draft = useDraft(questionId ? null : 'question:new', (saved) =>
    showValues({
      title: saved.title,
      content: saved.content,
      format: saved.format,
      tagIds: Array.isArray(saved.extra.tagIds) ? saved.extra.tagIds : [],
    }),
  );

  if (!memberId) {
    return (
      <p role="alert">
        {t('qa.form.loginToAsk')}{' '}
        <Link to={`/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`}>
          {t('forum.login')}
        </Link>
      </p>
    );
  }
  if (!asking.enabled || closed !== null) {
    return <FeatureClosed message={closed || asking.message} fallback={t('featureClosed.ask')} />;
  }

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const set = <K extends Exclude<keyof QuestionFormValues, 'format'>>(field: K, value: QuestionFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
    const next = { ...values, [field]: value };
    draft.change({ title: next.title, content: next.content, format: next.format, extra: { tagIds: next.tagIds } });
  };
  /** The editor's content in its format: Markdown is sent as such and converted by the server (ADR 0033). */
  const setContent = (content: string, format: ContentFormat) => {
    setValues((current) => ({ ...current, content, format }));
    clear('content');
    draft.change({ title: values.title, content, format, extra: { tagIds: values.tagIds } });
  };

  const available = wallet.data?.available ?? null;
  const ownPoints = wallet.data?.points ?? null;
  const bountyMessage = (problem: { key: string; params?: Record<string, number | string> }) =>
    t(problem.key, { ...boundsText(settings), ...problem.params });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    const title = values.title.trim();
    const titleProblem = rules.questionTitle(values.title);
    if (titleProblem) problems.title = t(titleProblem.key, titleProblem.params ?? {});
    if (!values.content.trim()) problems.content = t('forum.editor.contentRequired');
    if (!values.tagIds.length) problems.tagIds = t('forum.editor.tagsRequired');
    else if (values.tagIds.length > settings.maxTags) {
      problems.tagIds = t('forum.editor.tagsTooMany', { max: settings.maxTags });
    }
    const cashBounty = checkCashBounty(cash, settings.bounty, available);
    const pointsBounty = checkPointsBounty(points, settings.bounty, ownPoints);
    if (!questionId) {
      if (cashBounty.problem) problems.bountyAmount = bountyMessage(cashBounty.problem);
      if (pointsBounty.problem) problems.bountyPoints = bountyMessage(pointsBounty.problem);
    }
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length) return;
    const input = questionId
      ? { ...values, title }
      : {
          ...values,
          title,
          bountyAmount: cashBounty.fen > 0 ? cash.trim() : '0',
          bountyPoints: pointsBounty.points,
        };
    save.mutate(input, {
      onSuccess: (answer) => {
        draft.sent();
        if (answer.pending) {
          toast.success(t('forum.heldForReview'));
          return void navigate('/askList');
        }
        toast.success(questionId ? t('qa.form.updated') : t('qa.form.asked'));
        if (onDone) onDone();
        else void navigate(questionHref(answer.questionId ?? questionId ?? ''));
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'qa.asking_disabled') {
          const message = (failure.body as { message?: string } | null)?.message;
          return setClosed(message ?? '');
        }
        // A bounty refusal names its kind by its code: cash under the amount, points under the points.
        const codeFields: Record<string, string> = {
          'qa.bounty_exceeds_balance': 'bountyAmount',
          'qa.bounty_exceeds_points': 'bountyPoints',
          'qa.bounty_out_of_range': 'bountyAmount',
          'qa.bounty_disabled': 'bountyAmount',
          'qa.points_bounty_out_of_range': 'bountyPoints',
          'qa.points_bounty_disabled': 'bountyPoints',
        };
        const answer = formProblemsOf(failure, FIELDS, t, codeFields);
        if (answer.closed !== null) return setClosed(answer.closed);
        setErrors(answer.fields);
        setFormError(answer.form);
      },
    });
  };

  const leafTags = flattenQaTags(tags.data?.items ?? []).flatMap(({ tag }) => (tag.leaf ? [tag] : []));
  const bounds = settings.bounty;

  return (
    <form className="topic-form question-form" onSubmit={submit} noValidate>
      <DraftNote draft={draft} onDiscard={() => showValues({ title: '', content: '', tagIds: [] })} />
      <TextField
        label={t('qa.form.title')}
        name="title"
        value={values.title}
        maxLength={140}
        onValueChange={(value) => set('title', value)}
        error={errors.title}
        hint={t('validation.questionTitleLength', { min: 1, max: 90 })}
      />
      <TagPicker
        legend={t('qa.form.tags')}
        tags={leafTags}
        chosen={values.tagIds}
        onChange={(tagIds) => set('tagIds', tagIds)}
        error={errors.tagIds}
        hint={t('forum.editor.tagsHint', { max: settings.maxTags })}
      />
      <div className={`field${errors.content ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('qa.form.content')}</span>
        <RichEditor
          key={editorVersion}
          initialHtml={values.content}
          initialFormat={values.format}
          onChange={setContent}
          label={t('qa.form.content')}
          hiddenBlocks={false}
          invalid={!!errors.content}
          describedBy={errors.content ? `${id}-content-error` : undefined}
        />
        {errors.content ? (
          <p id={`${id}-content-error`} className="field__error" role="alert">
            {errors.content}
          </p>
        ) : null}
      </div>
      {questionId ? null : (
        <fieldset className="field bounty-fields">
          <legend className="field__label">{t('qa.form.bounty')}</legend>
          <dl className="bounty-fields__facts" aria-label={t('qa.form.yourWallet')}>
            <div>
              <dt>{t('wallet.summary.available')}</dt>
              <dd>{available === null ? '—' : formatFen(available)}</dd>
            </div>
            <div>
              <dt>{t('wallet.summary.points')}</dt>
              <dd>{ownPoints === null ? '—' : String(ownPoints)}</dd>
            </div>
          </dl>
          {bounds.maxAmount > 0 ? (
            <TextField
              label={t('qa.form.cashBounty')}
              name="bountyAmount"
              inputMode="decimal"
              value={cash}
              optionalLabel={t('qa.form.optional')}
              onValueChange={(value) => {
                setCash(value);
                clear('bountyAmount');
              }}
              error={errors.bountyAmount}
              hint={t('qa.form.cashHint', boundsText(settings))}
            />
          ) : (
            <p className="field__hint">{t('qa.form.cashDisabled')}</p>
          )}
          {bounds.maxPoints > 0 ? (
            <TextField
              label={t('qa.form.pointsBounty')}
              name="bountyPoints"
              inputMode="numeric"
              value={points}
              optionalLabel={t('qa.form.optional')}
              onValueChange={(value) => {
                setPoints(value);
                clear('bountyPoints');
              }}
              error={errors.bountyPoints}
              hint={t('qa.form.pointsHint', boundsText(settings))}
            />
          ) : (
            <p className="field__hint">{t('qa.form.pointsDisabled')}</p>
          )}
        </fieldset>
      )}
      {formError ? (
        <p className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <FormActions
        submitLabel={questionId ? t('forum.editor.update') : t('qa.form.submit')}
        pending={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The settings' bounds as the hints and messages show them (cash in yuan). */
function boundsText(settings: QaSettings) {
  const { minAmount, maxAmount, minPoints, maxPoints } = settings.bounty;
  return {
    minAmount: formatFen(minAmount),
    maxAmount: formatFen(maxAmount),
    minPoints,
    maxPoints,
  };
}

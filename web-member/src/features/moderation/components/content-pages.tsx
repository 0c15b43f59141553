import '../moderation.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useNavigate } from '@/lib/router';
import { FeatureClosed } from '@/components/ui/feature-closed';
import { TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import { ApiError } from '@/lib/api/api-error';
import { formProblemsOf } from '@/lib/form-problems';
import { rules } from '@/lib/validation';
import { useFeatureSwitch } from '@/stores/app-state';
import { useHelpArticle, useHelpArticles, useHelpCategories, useSendFeedback, useTerms } from '../api/moderation';

/** Plain text split into paragraphs at blank lines (help articles and the terms are written that way). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, index) => (
          <p key={index} className="plain-text">
            {paragraph.trim()}
          </p>
        ))}
    </>
  );
}

export const helpDetailHref = (articleId: string) => `/helpDetail?helpId=${encodeURIComponent(articleId)}`;

/** `/help`: categories, the articles of the chosen one, and a search over titles and contents. */
export function HelpCenter({ categoryId, q, page }: { categoryId: string; q: string; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [words, setWords] = useState(q);
  const categories = useHelpCategories();
  const articles = useHelpArticles({ categoryId: categoryId || undefined, q: q || undefined, page });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (words.trim()) params.set('q', words.trim());
    void navigate(`/help${params.size ? `?${params}` : ''}`);
  };
  return (
    <div className="help-center">
      <form role="search" aria-label={t('moderation.help.search')} className="help-center__search" onSubmit={search}>
        <TextField label={t('moderation.help.search')} name="q" value={words} onValueChange={setWords} />
        <button type="submit" className="button">
          {t('moderation.help.searchButton')}
        </button>
      </form>
      <nav aria-label={t('moderation.help.categories')}>
        <ul className="help-center__categories">
          <li>
            <Link to="/help" aria-current={!categoryId && !q ? 'page' : undefined}>
              {t('moderation.help.all')}
            </Link>
          </li>
          {(categories.data?.items ?? []).map((category) => (
            <li key={category.id}>
              <Link
                to={`/help?categoryId=${encodeURIComponent(category.id)}`}
                aria-current={category.id === categoryId ? 'page' : undefined}
              >
                {category.name} <span className="help-center__count">({category.articleCount})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {articles.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {articles.isError ? <p role="alert">{t('moderation.loadError')}</p> : null}
      {articles.data ? (
        articles.data.items.length === 0 ? (
          <p className="muted">{q ? t('moderation.help.noMatch', { q }) : t('moderation.help.empty')}</p>
        ) : (
          <>
            <ul className="help-center__articles">
              {articles.data.items.map((article) => (
                <li key={article.id}>
                  <Link to={helpDetailHref(article.id)}>{article.title}</Link>
                </li>
              ))}
            </ul>
            <Pagination page={page} totalPages={articles.data.totalPages} />
          </>
        )
      ) : null}
    </div>
  );
}

/** `/helpDetail?helpId=`: one article. */
export function HelpDetail({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const article = useHelpArticle(articleId);
  if (!articleId || article.isError) return <p role="alert">{t('moderation.help.notFound')}</p>;
  if (article.isPending) return <p className="muted">{t('common.loading')}</p>;
  return (
    <article className="help-article">
      <h1 className="page-title">{article.data.title}</h1>
      <Paragraphs text={article.data.content} />
      <p>
        <Link to="/help">{t('moderation.help.back')}</Link>
      </p>
    </article>
  );
}

/** `/termsService`: the terms staff wrote in the settings. */
export function TermsOfService() {
  const { t } = useTranslation();
  const terms = useTerms();
  if (terms.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (terms.isError) return <p role="alert">{t('moderation.loadError')}</p>;
  return terms.data.content.trim() ? (
    <Paragraphs text={terms.data.content} />
  ) : (
    <p className="muted">{t('moderation.terms.empty')}</p>
  );
}

const FEEDBACK_FIELDS = ['name', 'contact', 'content'] as const;
type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** `/feedback`: name 1–30, contact not empty, content 1–1000 (docs/rules/web.md); closed by the `feedback` switch. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const feature = useFeatureSwitch('feedback');
  const send = useSendFeedback();
  const [values, setValues] = useState<Record<FeedbackField, string>>({ name: '', contact: '', content: '' });
  const [errors, setErrors] = useState<Partial<Record<FeedbackField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  if (!feature.enabled || closed !== null) {
    return <FeatureClosed message={closed || feature.message} fallback={t('featureClosed.message')} />;
  }
  if (send.isSuccess) {
    return (
      <div role="status">
        <p>{t('moderation.feedback.sent')}</p>
        <RedirectNotice to="/" />
      </div>
    );
  }
  const set = (field: FeedbackField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const checks = {
      name: rules.feedbackName(values.name),
      contact: rules.feedbackContact(values.contact),
      content: rules.feedbackContent(values.content),
    };
    const found = Object.fromEntries(
      Object.entries(checks)
        .filter(([, problem]) => problem)
        .map(([field, problem]) => [field, t(problem!.key, problem!.params ?? {})]),
    );
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    send.mutate(values, {
      onError: (failure) => {
        const problems = formProblemsOf(failure, FEEDBACK_FIELDS, t);
        // Switched off while the form was open: the staff's message replaces the form.
        if (failure instanceof ApiError && failure.code === 'moderation.feedback_disabled') {
          setClosed(problems.form ?? '');
          return;
        }
        setErrors(problems.fields);
        setFormError(problems.form);
      },
    });
  };
  return (
    <form noValidate className="feedback-form" onSubmit={submit}>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <TextField
        label={t('moderation.feedback.name')}
        name="name"
        maxLength={30}
        required
        value={values.name}
        onValueChange={set('name')}
        error={errors.name}
      />
      <TextField
        label={t('moderation.feedback.contact')}
        name="contact"
        maxLength={100}
        required
        value={values.contact}
        onValueChange={set('contact')}
        error={errors.contact}
        hint={t('moderation.feedback.contactHint')}
      />
      <FeedbackContent value={values.content} onValueChange={set('content')} error={errors.content} />
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {t('moderation.feedback.submit')}
      </button>
    </form>
  );
}

function FeedbackContent({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor="feedback-content" className="field__label">
        {t('moderation.feedback.content')}
      </label>
      <textarea
        id="feedback-content"
        name="content"
        rows={6}
        maxLength={1000}
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'feedback-content-error' : undefined}
      />
      {error ? (
        <p id="feedback-content-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from '@/lib/translator';
import type * as Forms from './content-form';

/**
 * The comment, reply and edit boxes of the topic page, loaded with their editor code (Markdown editor, mentions,
 * drafts) the first time one is shown (ADR 37): a visitor's topic page, the one search engines and shared links
 * open, never loads them; a member's loads them after the page is up.
 */
const load = () => import('./content-form');
const LazyContentForm = lazy(() => load().then((module) => ({ default: module.ContentForm })));
const LazyReplyForm = lazy(() => load().then((module) => ({ default: module.ReplyForm })));
const LazyEditForm = lazy(() => load().then((module) => ({ default: module.EditForm })));

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="muted" role="status">
      {t('common.loading')}
    </p>
  );
}

export function ContentForm(props: ComponentProps<typeof Forms.ContentForm>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyContentForm {...props} />
    </Suspense>
  );
}

export function ReplyForm(props: ComponentProps<typeof Forms.ReplyForm>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyReplyForm {...props} />
    </Suspense>
  );
}

export function EditForm(props: ComponentProps<typeof Forms.EditForm>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyEditForm {...props} />
    </Suspense>
  );
}

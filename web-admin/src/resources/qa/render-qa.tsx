import type { ReactNode } from 'react';
import type { fakeApi } from '../../testing/fake-api';
import { renderAdmin } from '../../testing/render-admin';
import { qaResources, withQa } from './qa-api';

/** A Q&A screen over the fake API, with the console's data provider and the Q&A's verbs, as in main.tsx. */
export function renderQa(
  page: ReactNode,
  options: {
    resource: 'qaQuestions' | 'qaAnswers' | 'qaAnswerReplies' | 'qaTags' | 'qaReview';
    routes: Parameters<typeof fakeApi>[0];
    language?: 'en' | 'zh';
  },
) {
  return renderAdmin(page, {
    ...options,
    resources: qaResources,
    withVerbs: withQa,
  });
}

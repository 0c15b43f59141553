import type { ReactNode } from 'react';
import type { fakeApi } from '../../testing/fake-api';
import { renderAdmin } from '../../testing/render-admin';
import { membersApi } from '../members';
import { forumResources, withForum } from './forum-api';

/** A forum screen over the fake API, with the console's data provider and the forum's verbs, as in main.tsx. */
export function renderForum(
  page: ReactNode,
  options: {
    resource: 'topics' | 'tags' | 'review' | 'comments' | 'replies';
    routes: Parameters<typeof fakeApi>[0];
    language?: 'en' | 'zh';
  },
) {
  return renderAdmin(page, {
    ...options,
    // The member search (author filters) goes through the members resource, as in main.tsx.
    resources: {
      ...forumResources,
      members: membersApi,
    },
    withVerbs: withForum,
  });
}

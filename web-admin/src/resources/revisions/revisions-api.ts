import type { Identifier } from 'react-admin';
import type { HttpClient } from '../../api/http-client';

/** What has an edit history (docs/rules/forum.md and qa.md, edit history; ADR 32). */
export type RevisionKind = 'topic' | 'comment' | 'reply' | 'question' | 'answer';

export type RevisionPart =
  | { kind: 'text'; text: string }
  | { kind: 'hidden'; hideType: number; locked: true }
  | { kind: 'hidden'; hideType: number; locked: false; text: string };

export interface Revision {
  revision: number;
  number: number;
  current: boolean;
  at: string;
  by: { memberId: string; nickname: string | null; cancelled: boolean };
  hiddenByStaff: boolean;
  hiddenAt: string | null;
  title: string | null;
  parts: RevisionPart[] | null;
}

/** Read a thing's versions; hide an earlier one from members or show it again (`content.manage`). */
export interface RevisionsDataProvider {
  revisions(kind: RevisionKind, id: Identifier): Promise<Revision[]>;
  setRevisionHidden(kind: RevisionKind, id: Identifier, revision: number, hidden: boolean): Promise<unknown>;
}

const CONTEXT: Record<RevisionKind, 'forum' | 'qa'> = {
  topic: 'forum',
  comment: 'forum',
  reply: 'forum',
  question: 'qa',
  answer: 'qa',
};
const COLLECTION: Record<RevisionKind, string> = {
  topic: 'topics',
  comment: 'comments',
  reply: 'replies',
  question: 'questions',
  answer: 'answers',
};

/** The two calls, for `withForum` and `withQa` alike (the routes differ only by context). */
export function revisionVerbs(apiUrl: string, httpClient: HttpClient, newKey: () => string): RevisionsDataProvider {
  const id = (value: Identifier) => encodeURIComponent(String(value));
  return {
    async revisions(kind, target) {
      const url = `${apiUrl}/${CONTEXT[kind]}/${COLLECTION[kind]}/${id(target)}/revisions`;
      return (await httpClient<{ items: Revision[] }>(url)).json.items;
    },
    async setRevisionHidden(kind, target, revision, hidden) {
      const url = `${apiUrl}/${CONTEXT[kind]}/staff/revisions/${kind}/${id(target)}/${revision}`;
      return (await httpClient(url, { method: 'POST', body: { hidden }, idempotencyKey: newKey() })).json;
    },
  };
}

/** A version as text: hidden blocks as placeholders (staff see opened ones, as the author does). */
export function revisionText(parts: RevisionPart[], locked: string): string {
  return parts.map((part) => (part.kind === 'text' || !part.locked ? part.text : `[${locked}]`)).join('\n');
}

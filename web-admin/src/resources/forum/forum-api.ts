import { HttpError } from 'react-admin';
import type { GetListParams, GetManyParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../../api/http-client';
import type { AdminDataProvider } from '../../providers/data-provider';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';
import type { ResourceConfig } from '../../providers/rest-resource';
import { revisionVerbs } from '../revisions/revisions-api';
import type { RevisionsDataProvider } from '../revisions/revisions-api';

/** `GET /api/forum/staff/topics?page&pageSize&status&authorId`: every topic, deleted ones too, newest first. */
export const staffTopicsApi: ResourceConfig = {
  path: 'forum/staff/topics',
  idField: 'topicId',
  queryFilters: ['status', 'authorId'],
};

/** The tag tree (`/api/forum/tags`): read whole and flattened here; bodies are strict. */
export const tagsApi: ResourceConfig = {
  path: 'forum/tags',
  idField: 'tagId',
  oneFromList: true,
  createFields: ['name', 'parentId', 'sort'],
  updateFields: ['name', 'parentId', 'sort'],
};

export interface ForumStats {
  topicsToday: number;
  topicsTotal: number;
}

/** A row of the forum's nickname lookup (the editor's `@` suggestions). */
export interface MemberSuggestion {
  memberId: string;
  nickname: string;
  avatarUrl: string | null;
}

/** The forum's part of every console provider: the pin, the dashboard's figures and the member lookup. */
export interface ForumVerbs {
  pinTopic(topicId: Identifier, weight: number, options?: CommandOptions): Promise<{ data: unknown }>;
  forumStats(): Promise<ForumStats>;
  /** Members whose nickname starts with `prefix` (`GET /api/forum/members/lookup`: any signed-in account). */
  lookupMembers(prefix: string, limit?: number): Promise<MemberSuggestion[]>;
}

export function forumVerbs({ read, command }: ProviderContext): ForumVerbs {
  return {
    pinTopic: (topicId, weight, options) => command(`forum/topics/${segment(topicId)}/pin`, { weight }, options),
    forumStats: () => read<ForumStats>('forum/stats'),
    lookupMembers: (prefix, limit = 10) => read<MemberSuggestion[]>('forum/members/lookup', { prefix, limit }),
  };
}

export type TopicStatus = 'all' | 'live' | 'deleted';

/** `GET /api/forum/staff/comments` and `/replies` (`page&pageSize&status&authorId&topicId`): newest first. */
export const staffCommentsApi: ResourceConfig = {
  path: 'forum/staff/comments',
  idField: 'id',
  queryFilters: ['status', 'authorId', 'topicId'],
};
export const staffRepliesApi: ResourceConfig = { ...staffCommentsApi, path: 'forum/staff/replies' };

/** A comment or reply in the staff lists. */
export interface StaffContent extends RaRecord {
  id: string;
  kind: 'comment' | 'reply';
  topicId: string;
  commentId: string | null;
  authorId: string;
  author: { memberId: string; nickname: string | null; cancelled: boolean };
  contentHtml: string;
  postedAt: string;
  deleted: boolean;
}

export interface StaffTopic extends RaRecord {
  topicId: string;
  title: string;
  authorId: string;
  author: { memberId: string; nickname: string | null; cancelled: boolean };
  tags: { tagId: string; name: string }[];
  postedAt: string;
  pinned: boolean;
  pinWeight: number;
  essence: boolean;
  deleted: boolean;
  commentCount: number;
}

interface TagNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  leaf: boolean;
  children: TagNode[];
}

/** A tag as a row of the tree table: its depth and its ancestors' names give the indentation and the path. */
export interface TagRow extends RaRecord {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  leaf: boolean;
  depth: number;
  path: string;
}

/** Depth first, in the server's order (siblings by `sort`, then name): parents right above their children. */
export function flattenTags(nodes: TagNode[], depth = 0, parents: string[] = []): TagRow[] {
  return nodes.flatMap(({ children, ...tag }) => [
    { ...tag, id: tag.tagId, depth, path: [...parents, tag.name].join(' / ') },
    ...flattenTags(children ?? [], depth + 1, [...parents, tag.name]),
  ]);
}

export type ReviewKind = 'topic' | 'comment' | 'reply';

/** A held topic, comment or reply (`GET /api/forum/staff/review?kind&page&pageSize`, pending, oldest first). */
export interface ReviewItem extends RaRecord {
  id: string;
  kind: ReviewKind;
  authorId: string;
  title: string | null;
  contentHtml: string;
  topicId: string | null;
  submittedAt: string;
}

/** The forum's staff verbs, each a command of its own (never a generic update of a topic). */
export interface ForumDataProvider extends AdminDataProvider, RevisionsDataProvider {
  approveContent(kind: ReviewKind, id: Identifier): Promise<{ data: unknown }>;
  rejectContent(kind: ReviewKind, id: Identifier, reason: string): Promise<{ data: unknown }>;
  deleteComment(kind: 'comment' | 'reply', id: Identifier): Promise<{ data: unknown }>;
  restoreComment(kind: 'comment' | 'reply', id: Identifier): Promise<{ data: unknown }>;
  setTopicEssence(topicId: Identifier, essence: boolean): Promise<{ data: unknown }>;
  deleteTopic(topicId: Identifier): Promise<{ data: unknown }>;
  restoreTopic(topicId: Identifier): Promise<{ data: unknown }>;
}

export interface ForumApiOptions {
  apiUrl: string;
  httpClient: HttpClient;
  newIdempotencyKey?: () => string;
}

/**
 * The console's data provider with the forum's verbs, and the `tags` resource read as a tree: the API answers
 * the whole tree, the table shows it flattened (paged here), the parent picker lists every tag.
 */
export function withForum(provider: AdminDataProvider, options: ForumApiOptions): ForumDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const topic = (topicId: Identifier, verb = '') =>
    `${apiUrl}/forum/topics/${encodeURIComponent(String(topicId))}${verb ? `/${verb}` : ''}`;
  const content = (kind: 'comment' | 'reply', id: Identifier, verb = '') =>
    `${apiUrl}/forum/${kind === 'comment' ? 'comments' : 'replies'}/${encodeURIComponent(String(id))}${verb ? `/${verb}` : ''}`;
  const review = (kind: ReviewKind, id: Identifier, verb: 'approve' | 'reject') =>
    `${apiUrl}/forum/staff/review/${kind}/${encodeURIComponent(String(id))}/${verb}`;
  const command = async (url: string, method: 'POST' | 'DELETE', body?: unknown) => {
    const { json } = await httpClient(url, { method, body, idempotencyKey: newKey() });
    return { data: json };
  };
  const allTags = async (): Promise<TagRow[]> =>
    flattenTags((await httpClient<{ items: TagNode[] }>(`${apiUrl}/forum/tags`)).json.items);
  const tagBody = (data: Record<string, unknown>) => ({
    ...data,
    // The parent picker's "none" is an empty value; the API wants null for a root tag.
    ...('parentId' in data ? { parentId: data.parentId || null } : {}),
  });

  return {
    ...provider,
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      if (resource === 'review') {
        // The queue needs its `kind`; it has no sort and no `GET :id`.
        const { page = 1, perPage = 20 } = params.pagination ?? {};
        const kind = String((params.filter as { kind?: string } | undefined)?.kind ?? 'topic');
        const query = new URLSearchParams({ kind, page: String(page), pageSize: String(perPage) });
        const { json } = await httpClient<{ items: ReviewItem[]; total: number }>(
          `${apiUrl}/forum/staff/review?${query.toString()}`,
        );
        return { data: json.items as unknown as R[], total: json.total };
      }
      if (resource !== 'tags') return provider.getList<R>(resource, params);
      const rows = await allTags();
      const { page = 1, perPage = rows.length || 1 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage) as unknown as R[], total: rows.length };
    },
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
      if (resource !== 'tags') return provider.getOne<R>(resource, params);
      const found = (await allTags()).find((row) => row.id === String(params.id));
      if (!found) throw new HttpError('ra.notification.item_doesnt_exist', 404);
      return { data: found as unknown as R };
    },
    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
      if (resource !== 'tags') return provider.getMany<R>(resource, params);
      const wanted = new Set<Identifier>(params.ids.map(String));
      return { data: (await allTags()).filter((row) => wanted.has(row.id)) as unknown as R[] };
    },
    create(resource, params) {
      if (resource !== 'tags') return provider.create(resource, params);
      return provider.create(resource, { ...params, data: tagBody(params.data as Record<string, unknown>) });
    },
    update(resource, params) {
      if (resource !== 'tags') return provider.update(resource, params);
      return provider.update(resource, { ...params, data: tagBody(params.data as Record<string, unknown>) });
    },
    setTopicEssence: (topicId, essence) => command(topic(topicId, 'essence'), 'POST', { essence }),
    deleteTopic: (topicId) => command(topic(topicId), 'DELETE'),
    restoreTopic: (topicId) => command(topic(topicId, 'restore'), 'POST'),
    approveContent: (kind, id) => command(review(kind, id, 'approve'), 'POST'),
    rejectContent: (kind, id, reason) => command(review(kind, id, 'reject'), 'POST', { reason }),
    deleteComment: (kind, id) => command(content(kind, id), 'DELETE'),
    restoreComment: (kind, id) => command(content(kind, id, 'restore'), 'POST'),
    // Edit history (ADR 32): read the versions, hide one from members or show it again.
    ...revisionVerbs(apiUrl, httpClient, newKey),
  };
}

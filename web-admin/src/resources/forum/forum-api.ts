import { HttpError } from 'react-admin';
import type { GetListParams, GetManyParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../../api/http-client';
import type { AdminDataProvider } from '../../providers/data-provider';
import { segment } from '../../providers/provider-context';
import type { CommandOptions, ProviderContext } from '../../providers/provider-context';
import type { CustomResource, ResourceConfig, ResourceEntry } from '../../providers/rest-resource';
import { revisionVerbs } from '../revisions/revisions-api';
import type { RevisionsDataProvider } from '../revisions/revisions-api';

/** `GET /api/forum/staff/topics?page&pageSize&status&authorId`: every topic, deleted ones too, newest first. */
export const staffTopicsApi: ResourceConfig = {
  path: 'forum/staff/topics',
  idField: 'topicId',
  queryFilters: ['status', 'authorId'],
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

/**
 * A tag tree resource: the API answers the whole tree, the table shows it flattened (paged here), the parent picker
 * lists every tag; the picker's "none" is an empty value, the API wants null for a root tag.
 */
export function tagTreeResource(config: ResourceConfig): CustomResource {
  return {
    config,
    handlers: ({ apiUrl, httpClient, rest }) => {
      const allTags = async (): Promise<TagRow[]> =>
        flattenTags((await httpClient<{ items: TagNode[] }>(`${apiUrl}/${config.path}`)).json.items);
      const tagBody = (data: Record<string, unknown>) => ({
        ...data,
        ...('parentId' in data ? { parentId: data.parentId || null } : {}),
      });
      return {
        async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
          const rows = await allTags();
          const { page = 1, perPage = rows.length || 1 } = params.pagination ?? {};
          return { data: rows.slice((page - 1) * perPage, page * perPage) as unknown as R[], total: rows.length };
        },
        async getOne<R extends RaRecord>(_resource: string, params: GetOneParams<R>) {
          const found = (await allTags()).find((row) => row.id === String(params.id));
          if (!found) throw new HttpError('ra.notification.item_doesnt_exist', 404);
          return { data: found as unknown as R };
        },
        async getMany<R extends RaRecord>(_resource: string, params: GetManyParams<R>) {
          const wanted = new Set<Identifier>(params.ids.map(String));
          return { data: (await allTags()).filter((row) => wanted.has(row.id)) as unknown as R[] };
        },
        create: (resource, params) =>
          rest.create(resource, { ...params, data: tagBody(params.data as Record<string, unknown>) }),
        update: (resource, params) =>
          rest.update(resource, { ...params, data: tagBody(params.data as Record<string, unknown>) }),
      };
    },
  };
}

/** The tag tree (`/api/forum/tags`): read whole and flattened here; bodies are strict. */
export const tagsApi = tagTreeResource({
  path: 'forum/tags',
  idField: 'tagId',
  oneFromList: true,
  createFields: ['name', 'parentId', 'sort'],
  updateFields: ['name', 'parentId', 'sort'],
});

/**
 * A review queue (`GET /api/<path>?kind&page&pageSize`, pending, oldest first): the list needs its `kind` (the
 * filter's, else `defaultKind`); it has no sort and no `GET :id`.
 */
export function reviewQueueResource(path: string, defaultKind: string): CustomResource {
  return {
    handlers: ({ apiUrl, httpClient }) => ({
      async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
        const { page = 1, perPage = 20 } = params.pagination ?? {};
        const kind = String((params.filter as { kind?: string } | undefined)?.kind ?? defaultKind);
        const query = new URLSearchParams({ kind, page: String(page), pageSize: String(perPage) });
        const { json } = await httpClient<{ items: R[]; total: number }>(`${apiUrl}/${path}?${query.toString()}`);
        return { data: json.items, total: json.total };
      },
    }),
  };
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

/** The forum's review queue (resource `review`): held topics, comments and replies. */
export const forumReviewApi = reviewQueueResource('forum/staff/review', 'topic');

/** The forum's entries of the console's resource table. */
export const forumResources: Record<string, ResourceEntry> = {
  topics: staffTopicsApi,
  tags: tagsApi,
  review: forumReviewApi,
  comments: staffCommentsApi,
  replies: staffRepliesApi,
};

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

/** The console's data provider with the forum's staff verbs (its resources are entries of the resource table). */
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

  return {
    ...provider,
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

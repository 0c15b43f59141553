import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { searchQueryCommand } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, PeerCommands, PermissionChecker } from '@forum/platform';
import { SEARCH_DOCUMENTS, SearchDocument, searchableText } from '../documents/search-documents.projection';
import { IndexFollower } from '../engine/index-follower';
import type { SearchKind } from '../engine/search-engine';
import { plainSnippet } from './highlight';
import { LINKS } from './links';

/** Defined once with the command (`libs/contracts`, ADR 0040). */
const searchPeerInput = searchQueryCommand.input;
export type SearchPeerInput = z.input<typeof searchPeerInput>;

export interface SearchPeerItem {
  type: SearchKind;
  id: string;
  /** Plain text. */
  title: string;
  /** Plain text around the first match, never from a hidden block (they are not indexed). */
  snippet: string;
  /** The member site's address of the result. */
  url: string;
}

export interface SearchPeerResult {
  items: SearchPeerItem[];
}

/** The reader of every peer search: a visitor, whatever the caller's actor is, so only public content comes back. */
const VISITOR = { kind: 'visitor', id: null } as const;

/**
 * `search.query`: the search as another context may ask it (the AI assistant's offline mode). It answers with a
 * visitor's permissions only — public content, never a topic behind a tag a visitor cannot view — and plain-text
 * snippets; hidden blocks are never in the index, so they cannot appear in a title or a snippet.
 */
@Injectable()
export class SearchPeer {
  constructor(
    peers: PeerCommands,
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
    private readonly follower: IndexFollower,
  ) {
    peers.register(searchQueryCommand, (input) => this.query(input));
  }

  async query(input: unknown): Promise<SearchPeerResult> {
    const parsed = searchPeerInput.safeParse(input);
    if (!parsed.success) throw new DomainError('common.validation_failed');
    const { q, types, limit } = parsed.data;
    const effective = await this.permissions.effective(VISITOR);
    const hits = this.follower.engine.search({
      keyword: q,
      kinds: types?.length ? types : undefined,
      visible: (kind, tagIds) => kind !== 'topic' || effective.hasOnAll('topic.view', tagIds),
      sort: 'relevance',
      offset: 0,
      limit,
    });
    if (hits.ids.length === 0) return { items: [] };
    const documents = await this.db
      .collection<SearchDocument>(SEARCH_DOCUMENTS)
      .find({ _id: { $in: hits.ids } })
      .toArray();
    const byId = new Map(documents.map((document) => [document._id, document]));
    const items = hits.ids.flatMap((id): SearchPeerItem[] => {
      const document = byId.get(id);
      if (!document || document.deleted) return [];
      return [
        {
          type: document.kind,
          id: document.refId,
          title: document.title,
          snippet: plainSnippet(searchableText(document), hits.terms),
          url: LINKS[document.kind](document.refId),
        },
      ];
    });
    return { items };
  }
}

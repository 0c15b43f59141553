import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB, plainTextSummary, sanitizeContent, SiteSettingsCache } from '@forum/platform';
import { DRAFT_KINDS, draftsToDrop, parseDraftKey } from './draft-keys';
import type { DraftKind } from './draft-keys';
import { DRAFT_EXCERPT, DRAFTS_PER_MEMBER } from './draft.schemas';
import type { DraftSummary, DraftView, SaveDraftBody, SavedDraft } from './draft.schemas';

export const MEMBER_DRAFTS = 'member_drafts';

export interface DraftDocument {
  /** `<memberId>|<key>`: a member's drafts are one `_id` range, the one query the Mongo stand-in answers fast. */
  _id: string;
  memberId: string;
  key: string;
  kind: DraftKind;
  targetId: string | null;
  title: string;
  content: string;
  format: 'html' | 'markdown';
  extra: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Members' drafts (docs/rules/forum.md, drafts; ADR 0031): private scratch text, not domain facts, so a plain
 * collection written here and nowhere else, never an event — which is also why a draft cannot reach search, feeds,
 * dynamics or anyone else's screen: all of those are built from events. Every call names the member, and every
 * document id starts with that member's id.
 */
@Injectable()
export class DraftStore {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly settings: SiteSettingsCache,
  ) {}

  private get drafts() {
    return this.db.collection<DraftDocument>(MEMBER_DRAFTS);
  }

  /** The member's drafts, the most recently saved first, each with an excerpt instead of its content. */
  async list(memberId: string): Promise<DraftSummary[]> {
    const drafts = await this.ofMember(memberId);
    return drafts
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .map((draft) => ({
        key: draft.key,
        kind: draft.kind,
        targetId: draft.targetId,
        title: draft.title,
        format: draft.format,
        extra: draft.extra,
        excerpt: draft.format === 'html' ? plainTextSummary(draft.content, DRAFT_EXCERPT) : excerptOf(draft.content),
        updatedAt: draft.updatedAt.toISOString(),
      }));
  }

  async get(memberId: string, key: string): Promise<DraftView> {
    parseDraftKey(key);
    const draft = await this.drafts.findOne({ _id: idOf(memberId, key) });
    if (!draft) throw new DomainError('forum.draft_not_found');
    return {
      key: draft.key,
      kind: draft.kind,
      targetId: draft.targetId,
      title: draft.title,
      content: draft.content,
      format: draft.format,
      extra: draft.extra,
      updatedAt: draft.updatedAt.toISOString(),
    };
  }

  /** Creates or replaces the draft; past the cap the member's least recently saved drafts go. */
  async save(memberId: string, key: string, body: SaveDraftBody, now: Date): Promise<SavedDraft> {
    const { kind, targetId } = parseDraftKey(key);
    const contentMax = DRAFT_KINDS[kind].contentMax;
    if (body.content.length > contentMax) {
      throw new DomainError('common.validation_failed', {}, [
        { field: 'content', code: 'validation.too_long', message: '', params: { max: contentMax } },
      ]);
    }
    // Only its owner ever reads a draft, but it is held to the rules of what it becomes, as posted content is.
    const content =
      body.format === 'html'
        ? sanitizeContent(body.content, { imageHosts: this.settings.current().forum.imageHosts })
        : body.content;
    await this.drafts.updateOne(
      { _id: idOf(memberId, key) },
      {
        $set: {
          memberId,
          key,
          kind,
          targetId,
          title: body.title ?? '',
          content,
          format: body.format,
          extra: body.extra ?? {},
          updatedAt: now,
        },
        $setOnInsert: { createdAt: now },
      },
      { upsert: true },
    );
    const drop = draftsToDrop(await this.ofMember(memberId), key, DRAFTS_PER_MEMBER);
    if (drop.length > 0) await this.drafts.deleteMany({ _id: { $in: drop.map((other) => idOf(memberId, other)) } });
    return { key, updatedAt: now.toISOString() };
  }

  /** Discards the draft; discarding one that is not there (sent from another device, never saved) is no error. */
  async discard(memberId: string, key: string): Promise<void> {
    parseDraftKey(key);
    await this.drafts.deleteOne({ _id: idOf(memberId, key) });
  }

  private ofMember(memberId: string): Promise<DraftDocument[]> {
    return this.drafts.find({ _id: { $gte: `${memberId}|`, $lt: `${memberId}|\uffff` } }).toArray();
  }
}

function idOf(memberId: string, key: string): string {
  return `${memberId}|${key}`;
}

function excerptOf(text: string): string {
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, DRAFT_EXCERPT).join('');
}

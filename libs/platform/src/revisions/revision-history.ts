import type { EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { decodeEntities, withoutHiddenBlocks } from '../content/hidden-blocks';

/**
 * Edit history (docs/rules/forum.md and docs/rules/qa.md, edit history; ADR 0032), shared by the forum and Q&A:
 * one read-model document per edited thing (`_id` = `<kind>:<targetId>`), every version of its content as its
 * `…Posted` / `…Edited` events carried it (the events hold the whole new content, so the projection keeps each
 * version as it arrives), and the revisions staff hid. The stored versions hold hidden blocks in full, like every
 * read model of content: only `RevisionViews` turns them into what a reader may see.
 */
export interface StoredRevision {
  /** The stream version of the event that wrote it: the revision's stable id. */
  revision: number;
  /** Topics and questions only. */
  title: string | null;
  /** Sanitized HTML as stored (hidden blocks in full). */
  content: string;
  by: string;
  /** When it was written: names blocks of content older than stable block ids (ADR 0025). */
  at: string;
}

export interface RevisionDocument {
  _id: string;
  kind: string;
  targetId: string;
  /** The topic or question it belongs to (for the page it is shown on). */
  parentId: string;
  authorId: string;
  revisions?: StoredRevision[];
  /** `hidden.<revision>`: who hid it and when (staff). */
  hidden?: Record<string, { by: string; at: string }>;
}

export const revisionDocumentId = (kind: string, targetId: string): string => `${kind}:${targetId}`;

/** The stream of staff's hide / show decisions for one thing's revisions. */
export const revisionVisibilityStream = (kind: string, targetId: string): string => `revision-${kind}:${targetId}`;

/** What one content event means for the history: a first version, a new version, or nothing. */
export type RevisionFact =
  | { first: true; kind: string; targetId: string; parentId: string; authorId: string; version: RevisionVersion }
  | { first: false; kind: string; targetId: string; version: RevisionVersion };

export interface RevisionVersion {
  title: string | null;
  content: string;
  by: string;
  at: string;
}

export interface VisibilityFact {
  hidden: boolean;
  kind: string;
  targetId: string;
  revision: number;
  by: string;
  at: string;
}

/**
 * The history projection of one context: `contentFact` reads its content events, `visibilityFact` its staff
 * decisions. A document is owned by its content stream (`_version` guard); staff decisions come from another
 * stream (`_src` guard) and only touch `hidden.<revision>`, so the two commute in any delivery order.
 */
export function revisionsProjection(options: {
  name: string;
  collection: string;
  topics: string[];
  contentFact(envelope: EventEnvelope): RevisionFact | null;
  visibilityFact(envelope: EventEnvelope): VisibilityFact | null;
}): ProjectionDefinition {
  return {
    name: options.name,
    version: 1,
    topics: options.topics,
    collections: [options.collection],
    apply(envelope: EventEnvelope, writer: ReadModelWriter) {
      const content = options.contentFact(envelope);
      if (content) {
        const id = revisionDocumentId(content.kind, content.targetId);
        const stored: StoredRevision = { revision: envelope.version, ...content.version };
        const identity = content.first
          ? { kind: content.kind, targetId: content.targetId, parentId: content.parentId, authorId: content.authorId }
          : {};
        writer.upsertVersioned(options.collection, id, envelope, {
          $set: identity,
          $push: { revisions: stored } as never,
        });
        return;
      }
      const visibility = options.visibilityFact(envelope);
      if (!visibility) return;
      const id = revisionDocumentId(visibility.kind, visibility.targetId);
      const field = `hidden.${visibility.revision}`;
      writer.updateOnce(
        options.collection,
        id,
        envelope,
        visibility.hidden
          ? { $set: { [field]: { by: visibility.by, at: visibility.at } } }
          : { $unset: { [field]: '' } },
        { upsert: true },
      );
    },
  };
}

/** A piece of a revision as a reader receives it: text, or a hidden block (its text only once it is open). */
export type RevisionPart =
  | { kind: 'text'; text: string }
  | { kind: 'hidden'; hideType: number; locked: true }
  | { kind: 'hidden'; hideType: number; locked: false; text: string };

const BLOCK_END = /<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote|\/pre|\/tr)\b[^>]*>/gi;

/**
 * Plain text of sanitized HTML, for a word diff: block ends become line breaks, tags go, entities are decoded,
 * runs of spaces and of blank lines are collapsed. Images and videos leave no text.
 */
export function plainText(html: string): string {
  return decodeEntities(html.replace(BLOCK_END, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const REDACTED_BLOCK = /<hide type="(\d+)" index="(\d+)">([\s\S]*?)<\/hide>/g;

/**
 * The parts of content already redacted by `redactHiddenBlocks` (locked blocks empty): `shown` names the blocks
 * (by position) the reader may see. A locked block becomes a placeholder part with no text at all.
 */
export function revisionParts(redactedHtml: string, shown: ReadonlySet<number>): RevisionPart[] {
  const parts: RevisionPart[] = [];
  let cursor = 0;
  const text = (html: string) => {
    const value = plainText(html);
    if (value) parts.push({ kind: 'text', text: value });
  };
  for (const match of redactedHtml.matchAll(REDACTED_BLOCK)) {
    text(redactedHtml.slice(cursor, match.index));
    const hideType = Number(match[1]);
    parts.push(
      shown.has(Number(match[2]))
        ? { kind: 'hidden', hideType, locked: false, text: plainText(match[3] ?? '') }
        : { kind: 'hidden', hideType, locked: true },
    );
    cursor = match.index + match[0].length;
  }
  text(redactedHtml.slice(cursor));
  return parts;
}

/** Content where hidden blocks mean nothing (comments, replies, Q&A): they are dropped, as on the page. */
export function partsWithoutHiddenBlocks(html: string): RevisionPart[] {
  const value = plainText(withoutHiddenBlocks(html));
  return value ? [{ kind: 'text', text: value }] : [];
}

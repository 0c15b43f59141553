import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { FieldError } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  assignHiddenBlockIds,
  CONTEXT_DB,
  extractMentions,
  invalidHiddenBlocks,
  parseHiddenBlocks,
  sanitizeContent,
  SiteSettingsCache,
} from '@forum/platform';
import type { PreviousContent } from '@forum/platform';
import { MEMBER_NICKNAMES } from '@forum/platform';
import type { MemberNicknameDocument } from '@forum/platform';
import { isLeaf, TagTreeState } from '../tags/tag-tree.decider';
import { ownImageCount } from '../uploads/content-images';

export interface PreparedTopic {
  content: string;
  mentions: string[];
}

const fieldError = (field: string, code: FieldError['code'], params?: FieldError['params']): FieldError => ({
  field,
  code,
  message: '',
  ...(params ? { params } : {}),
});

/** Values a hidden block of each type must carry: a password, a point threshold, a price. */
function blockValueValid(type: number, value: string): boolean {
  switch (type) {
    case 10:
      return value.length > 0 && value.length <= 100;
    case 30:
      return /^\d{1,9}$/.test(value);
    case 40:
    case 50:
      return /^[1-9]\d{0,9}$/.test(value);
    default:
      return true;
  }
}

/**
 * A topic's content and tags checked for posting or editing: sanitized with the allow-list, hidden blocks well
 * formed, tags existing leaf tags within the site's maximum, `@nickname`s resolved to member ids through the
 * forum's nickname copy (an unknown one is a field error "user does not exist", docs/rules/forum.md). Every hidden block
 * leaves with its stable id (ADR 0025): on posting a fresh one each; on editing (`previous`: the topic's content
 * before the edit) a block keeps the id the editor sent back when the topic had a block of that id and type.
 */
@Injectable()
export class TopicContent {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly settings: SiteSettingsCache,
  ) {}

  async prepare(
    raw: string,
    tagIds: string[],
    tree: TagTreeState,
    previous: PreviousContent | null = null,
  ): Promise<PreparedTopic> {
    const { forum, uploads } = this.settings.current();
    const content = assignHiddenBlockIds(sanitizeContent(raw, { imageHosts: forum.imageHosts }), previous);
    const problems: FieldError[] = [];
    const distinctTags = [...new Set(tagIds)];
    if (distinctTags.length > forum.maxTagsPerTopic) {
      problems.push(fieldError('tagIds', 'validation.too_big', { max: forum.maxTagsPerTopic }));
    }
    for (const tagId of distinctTags) {
      if (!tree.tags[tagId]) problems.push(fieldError('tagIds', 'validation.tag_not_found'));
      else if (!isLeaf(tree, tagId)) problems.push(fieldError('tagIds', 'validation.tag_not_leaf'));
    }
    if (content.replace(/<[^>]*>/g, '').trim() === '' && !/<(img|player)\b/i.test(content)) {
      problems.push(fieldError('content', 'validation.required'));
    }
    if (ownImageCount(content) > uploads.image.maxPerTopic) {
      problems.push(fieldError('content', 'validation.too_big', { max: uploads.image.maxPerTopic }));
    }
    const badBlock =
      invalidHiddenBlocks(content).length > 0 ||
      parseHiddenBlocks(content).some((block) => !blockValueValid(block.type, block.value));
    if (badBlock) problems.push(fieldError('content', 'validation.hidden_block_invalid'));
    const names = extractMentions(content, forum.maxMentions);
    const found = names.length
      ? await this.db
          .collection<MemberNicknameDocument>(MEMBER_NICKNAMES)
          .find({ _id: { $in: names.map((name) => name.toLowerCase()) } })
          .toArray()
      : [];
    const byName = new Map(found.map((doc) => [doc._id, doc.memberId]));
    for (const name of names) {
      if (!byName.has(name.toLowerCase()))
        problems.push(fieldError('content', 'validation.user_not_found', { nickname: name }));
    }
    if (problems.length > 0) throw new DomainError('common.validation_failed', {}, problems);
    return { content, mentions: [...new Set(names.map((name) => byName.get(name.toLowerCase())!))] };
  }
}

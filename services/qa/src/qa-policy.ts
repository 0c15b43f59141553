import { Injectable } from '@nestjs/common';
import { fenToYuan } from '@forum/contracts';
import type { CommandMetadata, FieldError, MemberPermission, StaffPermission } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import {
  isLeaf,
  PermissionChecker,
  requireMember,
  sanitizeContent,
  SiteSettingsCache,
  withoutHiddenBlocks,
} from '@forum/platform';
import type { TagTreeState } from '@forum/platform';
import type { Actor } from './questions/question.decider';

const fieldError = (field: string, code: FieldError['code'], params?: FieldError['params']): FieldError => ({
  field,
  code,
  message: '',
  ...(params ? { params } : {}),
});

/** Who acts, from the request: members and staff only. Staff act on anything (docs/rules/qa.md: staff adopt too). */
export function actorOf(meta: CommandMetadata): Actor {
  const { id, staff } = requireMember(meta.actor);
  return { by: id, byStaff: staff, now: meta.now };
}

/** The address stays out of stored events (docs/rules/README.md: no IP addresses in events). */
export function withoutAddress(meta: CommandMetadata): CommandMetadata {
  const { ip: _ip, ...actor } = meta.actor;
  return { ...meta, actor };
}

type Switch = 'asking' | 'answers' | 'questionAddenda';
const SWITCH_REFUSALS = {
  asking: 'qa.asking_disabled',
  answers: 'qa.answers_disabled',
  questionAddenda: 'qa.addenda_disabled',
} as const;

/**
 * The Q&A's rules that need the site's settings and permissions: switches (a closed one refuses members with the
 * staff-written message), permissions per question tag (`question.ask`, `answer.post`), tag checks (existing leaf
 * tags within `qa.maxTags`) and content (sanitized with the forum's allow-list, not empty).
 */
@Injectable()
export class QaPolicy {
  constructor(
    private readonly settings: SiteSettingsCache,
    private readonly permissions: PermissionChecker,
  ) {}

  requireSwitch(name: Switch, actor: Actor): void {
    const setting = this.settings.current().switches[name];
    if (!setting.enabled && !actor.byStaff)
      throw new DomainError(SWITCH_REFUSALS[name], {}, undefined, setting.message);
  }

  /** Members need the permission on every tag of the question; staff may do everything. */
  async requirePermission(meta: CommandMetadata, permission: MemberPermission, tagIds: readonly string[]) {
    if (meta.actor.kind === 'staff' || meta.actor.kind === 'system') return;
    const effective = await this.permissions.effective(meta.actor, meta.now);
    if (!effective.hasOnAll(permission, tagIds)) throw new DomainError('auth.forbidden');
  }

  /**
   * The actor of an edit or a deletion: staff act on anyone's question, answer or reply only with
   * `content.manage`; a staff account without it acts like a member (on its own content).
   */
  async moderatorOf(meta: CommandMetadata): Promise<Actor> {
    const actor = actorOf(meta);
    if (!actor.byStaff) return actor;
    return { ...actor, byStaff: await this.permissions.can(meta.actor, 'content.manage', null, meta.now) };
  }

  async requireStaff(meta: CommandMetadata, permission: StaffPermission): Promise<void> {
    if (meta.actor.kind !== 'staff') throw new DomainError('auth.forbidden');
    await this.permissions.require(meta.actor, permission, null, meta.now);
  }

  /**
   * Sanitized content, refused when empty; `tags` also checked when given (a question's). Hidden blocks are a topic
   * feature (docs/rules/forum.md, hidden content): nothing unlocks them in Q&A, so they are removed with what they hold, as in comments.
   */
  prepare(raw: string, tags?: { tagIds: string[]; tree: TagTreeState }): string {
    const { forum, qa } = this.settings.current();
    const content = withoutHiddenBlocks(sanitizeContent(raw, { imageHosts: forum.imageHosts }));
    const problems: FieldError[] = [];
    if (tags) {
      const distinct = [...new Set(tags.tagIds)];
      if (distinct.length === 0) problems.push(fieldError('tagIds', 'validation.required'));
      if (distinct.length > qa.maxTags) problems.push(fieldError('tagIds', 'validation.too_big', { max: qa.maxTags }));
      for (const tagId of distinct) {
        if (!tags.tree.tags[tagId]) problems.push(fieldError('tagIds', 'validation.tag_not_found'));
        else if (!isLeaf(tags.tree, tagId)) problems.push(fieldError('tagIds', 'validation.tag_not_leaf'));
      }
    }
    if (content.replace(/<[^>]*>/g, '').trim() === '' && !/<(img|player)\b/i.test(content)) {
      problems.push(fieldError('content', 'validation.required'));
    }
    if (problems.length > 0) throw new DomainError('common.validation_failed', {}, problems);
    return content;
  }

  /**
   * The bounty within the settings' bounds per kind (a max of 0 offers no bounty of that kind). Cash bounds are
   * kept in fen but told in yuan, as the member typed the amount.
   */
  checkBounty(amount: number, points: number): void {
    const { bounty } = this.settings.current().qa;
    if (amount > 0) {
      if (bounty.maxAmount === 0) throw new DomainError('qa.bounty_disabled', { kind: 'cash' });
      if (amount < bounty.minAmount || amount > bounty.maxAmount) {
        const [min, max] = [fenToYuan(bounty.minAmount), fenToYuan(bounty.maxAmount)];
        throw new DomainError('qa.bounty_out_of_range', { kind: 'cash', min, max });
      }
    }
    if (points > 0) {
      if (bounty.maxPoints === 0) throw new DomainError('qa.points_bounty_disabled', { kind: 'points' });
      if (points < bounty.minPoints || points > bounty.maxPoints) {
        const [min, max] = [bounty.minPoints, bounty.maxPoints];
        throw new DomainError('qa.points_bounty_out_of_range', { kind: 'points', min, max });
      }
    }
  }
}

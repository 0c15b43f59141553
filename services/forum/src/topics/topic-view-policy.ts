import { Injectable } from '@nestjs/common';
import type { Actor, FieldError, MemberPermission } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PermissionChecker } from '@forum/platform';
import type { HideType } from '@forum/platform';

const HIDE_PERMISSIONS: Record<HideType, MemberPermission> = {
  10: 'hide.password',
  20: 'hide.comment',
  30: 'hide.grade',
  40: 'hide.points',
  50: 'hide.balance',
};

/**
 * THE one place that asks the platform's PermissionChecker about topics (roles, limited per tag, docs/rules/people.md, docs/rules/forum.md):
 * who may view topics of a tag (`topic.view`), post in it (`topic.post`) and use each hidden-content type there
 * (`hide.*`). Staff may do everything (reading every tag needs `content.manage`); visitors get what the default roles let everyone read. A topic with
 * several tags needs the permission on every one.
 */
@Injectable()
export class TopicViewPolicy {
  constructor(private readonly permissions: PermissionChecker) {}

  async filter(reader: Actor, now = new Date()): Promise<(tagIds: readonly string[]) => boolean> {
    if (reader.kind === 'system') return () => true;
    const effective = await this.permissions.effective(reader, now);
    // Staff who manage content see every tag; any other staff account reads as its member roles allow.
    if (reader.kind === 'staff' && effective.has('content.manage')) return () => true;
    return (tagIds) => effective.hasOnAll('topic.view', tagIds);
  }

  /** Whether a staff account may act on anyone's topics (edit, delete): `content.manage`, never the bare kind. */
  async moderates(actor: Actor, now = new Date()): Promise<boolean> {
    return actor.kind === 'staff' && !!actor.id && (await this.permissions.can(actor, 'content.manage', null, now));
  }

  /** Refuses posting in tags the author may not post in, and hidden types the author may not use there. */
  async requirePosting(author: Actor, tagIds: readonly string[], hideTypes: readonly HideType[], now = new Date()) {
    if (author.kind === 'staff' || author.kind === 'system') return;
    const effective = await this.permissions.effective(author, now);
    if (!effective.hasOnAll('topic.post', tagIds)) throw new DomainError('auth.forbidden');
    const refused = [...new Set(hideTypes)].filter((type) => !effective.hasOnAll(HIDE_PERMISSIONS[type], tagIds));
    if (refused.length > 0) {
      const fieldErrors: FieldError[] = refused.map((type) => ({
        field: 'content',
        code: 'validation.hide_type_not_allowed',
        message: '',
        params: { type },
      }));
      throw new DomainError('common.validation_failed', {}, fieldErrors);
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { Actor, MemberPermission } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PermissionChecker, requireMember } from '@forum/platform';

/**
 * Role permissions on comments, replies, likes and favourites (`comment.post`, `reply.post`, `like`,
 * `favorite`), through the platform's `PermissionChecker`. A member permission limited to tags must cover
 * every tag of the topic (the same rule as posting into those tags).
 */
@Injectable()
export class ForumPermissions {
  constructor(private readonly checker: PermissionChecker) {}

  async require(actor: Actor, permission: MemberPermission, tagIds: string[], now: Date): Promise<void> {
    requireMember(actor);
    const effective = await this.checker.effective(actor, now);
    if (!effective.hasOnAll(permission, tagIds)) throw new DomainError('auth.forbidden');
  }
}

import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { newId } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { BUILT_IN_ROLE_IDS, roleDecider } from './role.decider';
import { roleStream } from './commands';

/**
 * The default member role and the administrator role exist on every site: created at startup, idempotently
 * (every replica may try; the decider answers "nothing to do" once they exist).
 */
@Injectable()
export class BuiltInRoles implements OnApplicationBootstrap {
  constructor(private readonly store: EventStore) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const roleId of BUILT_IN_ROLE_IDS) {
      await this.store.handle(
        roleDecider,
        roleStream(roleId),
        { type: 'EnsureBuiltIn', roleId },
        { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
      );
    }
  }
}

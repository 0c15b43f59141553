import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { EventStore } from '@forum/event-store';
import { accessRevocations, revocationOf } from '@forum/platform';

/**
 * Ends access in this process the moment identity records it (logout, a session ended by a password change or
 * reset, an account disabled, enabled or cancelled): the next request of that token is refused in every context
 * this process hosts, before Kafka has carried the event to their projections.
 */
@Injectable()
export class RevocationAnnouncer implements OnModuleInit, OnModuleDestroy {
  private stopListening: () => void = () => undefined;

  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.stopListening = this.store.onCommit((commits) => {
      for (const commit of commits) {
        for (const event of commit.events) {
          const revocation = revocationOf({ type: event.type, streamId: commit.streamId, data: event.data });
          if (revocation) accessRevocations.apply(revocation);
        }
      }
    });
  }

  onModuleDestroy(): void {
    this.stopListening();
  }
}

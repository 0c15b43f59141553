import type { INestApplicationContext } from '@nestjs/common';
import { DomainError } from '@forum/event-store';
import { WalletModule } from '../wallet.module';
import { EnvelopeClaims } from './envelope-claims';

/**
 * Demo claims on an envelope: each of `claimerIds` opens it as the thread's "open" button does. A claimer who
 * already has their share is left as they are, so a resumed seed takes nothing twice.
 */
export async function seedDemoEnvelopeClaims(
  app: INestApplicationContext,
  { envelopeId, claimerIds }: { envelopeId: string; claimerIds: string[] },
): Promise<void> {
  const claims = app.select(WalletModule).get(EnvelopeClaims);
  for (const claimerId of claimerIds) {
    try {
      await claims.claim(envelopeId, claimerId, new Date());
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'wallet.envelope_already_claimed') throw error;
    }
  }
}

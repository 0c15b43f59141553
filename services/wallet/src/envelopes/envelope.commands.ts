import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { requireMember } from '@forum/platform';
import { MEMBER_ID } from '../ledger/wallet.schemas';
import { ClaimResult, EnvelopeClaims } from './envelope-claims';

/** Envelope ids are UUIDs; anything else names no envelope and must not reach a stream id. */
export function envelopeIdOf(id: string): string {
  if (!MEMBER_ID.test(id)) throw new DomainError('wallet.envelope_not_found');
  return id;
}

/** A signed-in member takes a share of an envelope. */
export class ClaimEnvelopeCommand extends Command<Omit<ClaimResult, 'position'>> {
  constructor(
    readonly envelopeId: string,
    readonly actor: Actor,
    readonly now: Date,
  ) {
    super();
  }
}

/** Claims of one envelope are batched in its lane (`EnvelopeClaims`, shared with the claims reactor's healing). */
@CommandHandler(ClaimEnvelopeCommand)
export class ClaimEnvelopeHandler implements ICommandHandler<ClaimEnvelopeCommand> {
  constructor(private readonly claims: EnvelopeClaims) {}

  async execute({ envelopeId, actor, now }: ClaimEnvelopeCommand): Promise<Omit<ClaimResult, 'position'>> {
    const { id } = requireMember(actor);
    const { amount, claimedAt } = await this.claims.claim(envelopeIdOf(envelopeId), id, now);
    return { amount, claimedAt };
  }
}

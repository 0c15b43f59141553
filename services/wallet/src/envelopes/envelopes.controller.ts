import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type {
  Actor,
  EnvelopeClaimView,
  EnvelopeView,
  Page,
  ReceivedEnvelopeView,
  SentEnvelopeView,
} from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CurrentActor, Public, RateLimit, SiteSettingsCache, ValidQuery } from '@forum/platform';
import { LedgerReader } from '../ledger/ledger.reader';
import { pageQuery } from '../ledger/wallet.schemas';
import type { PageQuery } from '../ledger/wallet.schemas';
import type { ClaimResult } from './envelope-claims';
import { ClaimEnvelopeCommand, envelopeIdOf as envelopeId } from './envelope.commands';
import { MAX_ENVELOPE_QUANTITY } from './envelope-sending';
import { EnvelopesReader } from './envelopes.reader';

/** Red envelopes (docs/rules/wallet.md, red envelopes): the send form's bounds, an envelope's card and distribution, claiming. */
@ApiTags('wallet')
@Controller('wallet/envelopes')
export class EnvelopesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: EnvelopesReader,
    private readonly ledger: LedgerReader,
    private readonly settings: SiteSettingsCache,
  ) {}

  /** What the topic form needs: the site's bounds in fen (max 0: sending is off) and, signed in, the balance. */
  @Get('settings')
  @Public()
  async formSettings(@CurrentActor() actor: Actor): Promise<{
    minAmount: number;
    maxAmount: number;
    maxQuantity: number;
    availableBalance: number | null;
  }> {
    const { minAmount, maxAmount } = this.settings.current().redEnvelope;
    const availableBalance = actor.id ? (await this.ledger.wallet(actor.id)).available : null;
    return { minAmount, maxAmount, maxQuantity: MAX_ENVELOPE_QUANTITY, availableBalance };
  }

  @Get(':id')
  @Public()
  async envelope(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<EnvelopeView> {
    const view = await this.reader.envelope(envelopeId(id), actor.id);
    if (!view) throw new DomainError('wallet.envelope_not_found');
    return view;
  }

  /** Who took which share, newest first. */
  @Get(':id/claims')
  @Public()
  claimsOf(@Param('id') id: string, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<EnvelopeClaimView>> {
    return this.reader.claims(envelopeId(id), query.page, query.pageSize);
  }

  /** Answers the share this member got; the money is on their available balance when this returns. */
  @Post(':id/claim')
  @HttpCode(200)
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  claim(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<Omit<ClaimResult, 'position'>> {
    return this.commands.execute(new ClaimEnvelopeCommand(id, actor, new Date()));
  }
}

/** The signed-in member's envelopes. */
@ApiTags('wallet')
@Controller('wallet/me/envelopes')
export class MyEnvelopesController {
  constructor(private readonly reader: EnvelopesReader) {}

  @Get('sent')
  sent(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<SentEnvelopeView>> {
    return this.reader.sentBy(actor.id!, query.page, query.pageSize);
  }

  @Get('received')
  received(@CurrentActor() actor: Actor, @ValidQuery(pageQuery) query: PageQuery): Promise<Page<ReceivedEnvelopeView>> {
    return this.reader.receivedBy(actor.id!, query.page, query.pageSize);
  }
}

import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@forum/event-store';
import { formPagePolicy, OpenWhenClosed, Public, RateLimit, SkipCsrf, ValidBody } from '@forum/platform';
import { WALLET_CONFIG } from '../wallet-config';
import type { WalletConfig } from '../wallet-config';
import { checkoutPage } from './checkout-page';
import { SandboxGateway } from './sandbox-gateway';

const decisionBody = z.strictObject({ decision: z.enum(['pay', 'fail']) });

/**
 * The sandbox gateway's hosted pages. They belong to the "gateway", not to the forum: the payer is whoever holds
 * the link, as on a real gateway's checkout, and the plain HTML form needs no CSRF header.
 */
@ApiTags('wallet')
@Public()
@OpenWhenClosed()
@Controller('wallet/payments/sandbox')
export class SandboxController {
  constructor(
    private readonly gateway: SandboxGateway,
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
  ) {}

  private enabled(): void {
    if (!this.config.sandboxEnabled) throw new DomainError('wallet.payment_provider_unknown');
  }

  @Get('checkout/:intentId')
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'ip' })
  async page(@Param('intentId') intentId: string, @Res() reply: FastifyReply): Promise<void> {
    this.enabled();
    const trade = await this.gateway.trade(intentId);
    if (!trade) throw new DomainError('wallet.payment_intent_not_found');
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      // No script; the form posts here and the gateway sends the payer back to the trade's return address.
      .header('content-security-policy', formPagePolicy(trade.returnUrl))
      .send(checkoutPage({ intentId, amount: trade.amount, status: trade.status }));
  }

  @SkipCsrf()
  @Post('checkout/:intentId')
  @RateLimit({ limit: 30, windowSeconds: 60, by: 'ip' })
  async decide(
    @Param('intentId') intentId: string,
    @ValidBody(decisionBody) body: z.infer<typeof decisionBody>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.enabled();
    const trade = await this.gateway.decide(intentId, body.decision);
    if (!trade) throw new DomainError('wallet.payment_intent_not_found');
    void reply.redirect(trade.returnUrl, 302);
  }
}

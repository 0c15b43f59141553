import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { yuanAmount } from '@forum/contracts';
import type { Actor, CommandMetadata } from '@forum/contracts';
import {
  CommandMeta,
  CurrentActor,
  OpenWhenClosed,
  Public,
  RateLimit,
  RequiresPermission,
  SkipCsrf,
  ValidBody,
} from '@forum/platform';
import { ReconcileCommand, SettleNotifyCommand, StartRechargeCommand } from './payment.commands';
import type { ReconciliationReport } from './reconciliation';
import { PaymentView, Recharges } from './recharges';

const rechargeBody = z.strictObject({
  /** Yuan, as typed: "100", "19.99" (≤ 12 digits, ≤ 2 decimals, > 0); converted to fen exactly. */
  amount: yuanAmount(),
  provider: z.string().min(1).max(30).default('sandbox'),
});

@ApiTags('wallet')
@Controller('wallet')
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly recharges: Recharges,
  ) {}

  /** The payment providers the recharge form offers (`sandbox` outside production, `alipay` when configured). */
  @Get('payment-providers')
  providers(): { items: { id: string }[] } {
    return { items: this.recharges.providerIds().map((id) => ({ id })) };
  }

  /** Starts a recharge: the intent is stored, the answer says where to send the member to pay. */
  @Post('recharges')
  @HttpCode(200)
  @RateLimit({ limit: 20, windowSeconds: 60, by: 'member' })
  recharge(
    @CurrentActor() actor: Actor,
    @ValidBody(rechargeBody) body: z.infer<typeof rechargeBody>,
    @CommandMeta() meta: CommandMetadata,
  ): Promise<{ intentId: string; redirectUrl: string }> {
    return this.commands.execute(new StartRechargeCommand(actor.id!, body.amount, body.provider, meta));
  }

  /** The `/paymentCompleted/...` page asks here whether the payment went through. */
  @Get('payments/:intentId')
  payment(@CurrentActor() actor: Actor, @Param('intentId') intentId: string): Promise<PaymentView> {
    return this.recharges.view(intentId, actor);
  }

  /**
   * A gateway's asynchronous notify (form or JSON). Server-to-server: no session, no CSRF token; the signature is
   * the only credential. Answers the gateway's acknowledgement once the payment is booked (or was already).
   */
  @Public()
  @SkipCsrf()
  @OpenWhenClosed()
  @Post('payments/notify/:provider')
  @RateLimit({ limit: 1200, windowSeconds: 60, by: 'ip' })
  async notify(
    @Param('provider') providerId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const acknowledgement = await this.commands.execute(new SettleNotifyCommand(providerId, body, new Date()));
    void reply.status(200).header('content-type', 'text/plain; charset=utf-8').send(acknowledgement);
  }

  /** Staff: settle intents whose notify never came, now, instead of at the next scheduled round. */
  @Post('payments/reconcile')
  @HttpCode(200)
  @RequiresPermission('money.adjust')
  reconcile(): Promise<ReconciliationReport> {
    return this.commands.execute(new ReconcileCommand());
  }
}

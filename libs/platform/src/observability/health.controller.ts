import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { Public } from '../auth/decorators';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { OpenWhenClosed } from '../settings/site-mode.guard';
import { Metrics } from './metrics';
import { mayReadMetrics } from './metrics-access';
import { Readiness } from './readiness';

@ApiTags('operations')
@Public()
@OpenWhenClosed()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health(): { status: 'ok'; uptimeSeconds: number } {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Readiness: MongoDB, Kafka and the workers are up. */
  @Get('ready')
  async ready(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const result = await this.readiness.run();
    if (!result.ready) void reply.status(503);
    return result;
  }

  /**
   * Prometheus text: for the configured scraper (`METRICS_TOKEN`) or a client on this machine only; anyone else
   * gets 403 (`mayReadMetrics`). Public to the auth guard, because the scraper's bearer token is no access token.
   */
  @Get('metrics')
  metricsText(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (!mayReadMetrics(request.raw, this.config.METRICS_TOKEN)) throw new DomainError('auth.forbidden');
    // Set here, not with `@Header`: a refusal above must go out as the API's JSON error.
    void reply.header('content-type', 'text/plain; version=0.0.4');
    return this.metrics.registry.metrics();
  }
}

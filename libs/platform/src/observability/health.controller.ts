import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators';
import { OpenWhenClosed } from '../settings/site-mode.guard';
import { Metrics } from './metrics';
import { Readiness } from './readiness';

@ApiTags('operations')
@Public()
@OpenWhenClosed()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
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

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4')
  metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

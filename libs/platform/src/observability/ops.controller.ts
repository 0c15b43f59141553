import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequiresPermission } from '../permissions/requires-permission';
import { Metrics } from './metrics';

export interface OpsStatus {
  outboxBacklog: number;
  projectorLag: number;
  groups: { group: string; lag: number }[];
}

/** What the staff dashboard shows of the pipeline's health, from this process's metrics. */
@ApiTags('operations')
@RequiresPermission('dashboard.read')
@Controller('ops')
export class OpsController {
  constructor(private readonly metrics: Metrics) {}

  @Get('status')
  async status(): Promise<OpsStatus> {
    const backlog = await this.metrics.outboxBacklog.get();
    const lag = await this.metrics.projectorLag.get();
    const byGroup = new Map<string, number>();
    for (const { labels, value } of lag.values) {
      const group = String(labels.group);
      byGroup.set(group, (byGroup.get(group) ?? 0) + value);
    }
    return {
      outboxBacklog: backlog.values.reduce((sum, { value }) => sum + value, 0),
      projectorLag: [...byGroup.values()].reduce((sum, value) => sum + value, 0),
      groups: [...byGroup]
        .map(([group, value]) => ({ group, lag: value }))
        .sort((a, b) => a.group.localeCompare(b.group)),
    };
  }
}

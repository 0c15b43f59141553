import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, collectDefaultMetrics, Registry } from 'prom-client';

/** The Prometheus figures operators watch: request latency, command conflicts, outbox backlog, projector lag. */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly commandConflicts = new Counter({
    name: 'event_store_conflicts_total',
    help: 'Appends that lost an optimistic-concurrency race and were retried',
    labelNames: ['context'],
    registers: [this.registry],
  });
  readonly outboxBacklog = new Gauge({
    name: 'outbox_backlog_commits',
    help: 'Commits waiting to be published to Kafka',
    labelNames: ['context'],
    registers: [this.registry],
  });
  readonly projectorLag = new Gauge({
    name: 'projector_lag_events',
    help: 'Events published but not yet applied, per consumer group and partition',
    labelNames: ['group', 'topic', 'partition'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when Prometheus scrapes; each source is optional (PGlite has no pool). */
export interface MetricSources {
  pool?: () => { total: number; idle: number; waiting: number; max: number } | undefined;
  sseConnections?: () => number;
  /** Rows waiting for an admin's audit or for a timer sweep, by queue name. */
  queues?: () => Promise<Record<string, number>>;
}

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  errors: Counter<'key'>;
  ledgerPostings: Counter<'kind'>;
  ledgerAmount: Counter<'kind'>;
  dbConflicts: Counter<'kind' | 'outcome'>;
  /** Counts one answered request and observes its duration (`httpRequests`, `httpDuration`). */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  setSources(sources: MetricSources): void;
}

/** Upper bounds of `http_request_duration_seconds`, in seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One registry per app (tests build several apps in one process). Names follow Prometheus
 * conventions: `_total` counters, `_seconds` histograms; the process and Node.js defaults
 * (event-loop lag `nodejs_eventloop_lag_*`, heap, GC, open handles) come from prom-client.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  let sources: MetricSources = {};

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'sse_connections',
    help: 'Open server-sent-event streams (customer service) on this instance',
    registers,
    collect() {
      this.set(sources.sseConnections?.() ?? 0);
    },
  });
  new Gauge({
    name: 'queue_size',
    help: 'Rows waiting for an admin audit or a timer sweep, whole database (the same on every instance)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      if (!sources.queues) return;
      try {
        for (const [name, value] of Object.entries(await sources.queues())) this.set({ queue: name }, value);
      } catch {
        // A scrape while the database is away or not yet migrated keeps the last values.
      }
    },
  });

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: durationBuckets,
    registers,
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    recordRequest(method, route, status, seconds) {
      httpRequests.inc({ method, route, status });
      httpDuration.observe({ method, route }, seconds);
    },
    errors: new Counter({
      name: 'app_errors_total',
      help: 'Failure envelopes sent, by error key (VALIDATION_FAILED, RATE_LIMITED, INTERNAL, …)',
      labelNames: ['key'] as const,
      registers,
    }),
    ledgerPostings: new Counter({
      name: 'ledger_postings_total',
      help: 'Ledger transactions posted by kind (counted at posting; a rolled-back one is counted too)',
      labelNames: ['kind'] as const,
      registers,
    }),
    ledgerAmount: new Counter({
      name: 'ledger_posted_amount_total',
      help: 'Money moved by ledger transactions, in minor units, by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    dbConflicts: new Counter({
      name: 'db_transaction_conflicts_total',
      help: 'Transactions PostgreSQL ended with a deadlock or serialization failure, by kind and whether they ran again or failed',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    setSources(next) {
      sources = { ...sources, ...next };
    },
  };
}

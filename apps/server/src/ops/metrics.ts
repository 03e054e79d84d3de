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
  /**
   * Counts one answered request and observes its duration (`httpRequests`, `httpDuration`). The
   * request is buffered and reaches prom-client in a batch; every read of the two metrics (a
   * scrape, `registry.metrics()`, `get()`) flushes the buffer first, so it sees every request.
   */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  setSources(sources: MetricSources): void;
}

/** Requests buffered by `recordRequest` before they are handed to prom-client. */
export const requestBatchSize = 256;

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

  // prom-client's inc/observe validate and hash a label object on every call (ADR 0019, addendum
  // 2): a request only appends to these columns; a batch then costs one observe per request and
  // one inc per run of equal labels, in one warm loop.
  const methods: string[] = [];
  const routes: string[] = [];
  const statuses: number[] = [];
  const durations: number[] = [];
  const flush = () => {
    const count = methods.length;
    if (count === 0) return;
    try {
      let runStart = 0;
      for (let index = 0; index < count; index++) {
        const method = methods[index] as string;
        const route = routes[index] as string;
        httpDuration.observe({ method, route }, durations[index] as number);
        // One inc per run of equal labels (a busy route answers many requests in a row).
        const next = index + 1;
        const status = statuses[index] as number;
        if (next === count || methods[next] !== method || routes[next] !== route || statuses[next] !== status) {
          httpRequests.inc({ method, route, status }, next - runStart);
          runStart = next;
        }
      }
    } finally {
      // Emptied even if prom-client refuses a value, so one bad entry is not retried forever.
      methods.length = 0;
      routes.length = 0;
      statuses.length = 0;
      durations.length = 0;
    }
  };
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
    collect: flush,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: durationBuckets,
    registers,
    collect: flush,
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    recordRequest(method, route, status, seconds) {
      methods.push(method);
      routes.push(route);
      statuses.push(status);
      durations.push(seconds);
      if (methods.length >= requestBatchSize) flush();
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
    setSources(next) {
      sources = { ...sources, ...next };
    },
  };
}

/**
 * An open-model load generator: requests start on a fixed schedule (a constant arrival rate),
 * whether or not earlier ones have finished, like real visitors; a closed loop (autocannon) waits
 * for each answer before the next request and so hides a slow server ("coordinated omission").
 * Each latency is measured from the request's scheduled start, not from when it was sent.
 */
import http from 'node:http';
import { percentile } from './lib.ts';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** Checks the decoded answer; false counts as an error (the envelope's `code` is not 1, …). */
  check?: (answer: { code: number; data: unknown }) => boolean;
}

/** One kind of request in the mix: its weight and how to build the next one. */
export interface Operation {
  name: string;
  weight: number;
  next: () => Call | undefined;
  /** Called with the answer of a successful call (e.g. to queue a created order for payment). */
  done?: (call: Call, data: unknown) => void;
}

export interface OperationFigures {
  name: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadFigures {
  offeredRate: number;
  achievedRate: number;
  count: number;
  errors: number;
  /** Requests never sent because too many were in flight (counted as errors). */
  dropped: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  operations: OperationFigures[];
  errorSamples: string[];
  /**
   * The seconds of the run (by scheduled start) in which a request took over `stallMs`: when, the
   * slowest, and how many requests of each operation were that slow. A stall of the whole server
   * (a pause, a checkpoint's fsync, a sweep holding rows) shows as one second where every kind is slow.
   */
  stalls: Stall[];
}

export interface Stall {
  /** Wall-clock time of the second's start (ISO), to match with the server's and PostgreSQL's logs. */
  at: string;
  second: number;
  max: number;
  requests: number;
  slow: Record<string, number>;
}

/** A request slower than this marks its second as a stall. */
export const stallMs = 250;

const timeoutMs = 10_000;
const maxInFlight = 2000;

/** Sends one call and resolves with an error text, or undefined when it answered as expected. */
function send(
  agent: http.Agent,
  port: number,
  call: Call,
  onData: (data: unknown) => void,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: call.method,
        path: call.path,
        timeout: timeoutMs,
        headers: {
          lang: 'en',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...(call.token ? { token: call.token } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) {
            resolve(`${call.path} HTTP ${response.statusCode} ${text.slice(0, 120)}`);
            return;
          }
          try {
            const answer = JSON.parse(text) as { code: number; data: unknown; error?: string };
            if (answer.code !== 1 || (call.check && !call.check(answer))) {
              resolve(`${call.path} code ${answer.code} ${answer.error ?? ''}`);
              return;
            }
            onData(answer.data);
            resolve(undefined);
          } catch {
            resolve(`${call.path} unreadable answer`);
          }
        });
        response.on('error', (error) => resolve(`${call.path} ${error.message}`));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(`${call.path} ${error.message}`));
    request.end(body);
  });
}

/** Picks operations in proportion to their weights, interleaved (a smooth weighted round robin). */
function weightedPicker(operations: readonly Operation[]): () => Operation {
  const total = operations.reduce((sum, op) => sum + op.weight, 0);
  const current = operations.map(() => 0);
  return () => {
    let best = 0;
    for (const [index, op] of operations.entries()) {
      current[index] = (current[index] ?? 0) + op.weight;
      if ((current[index] ?? 0) > (current[best] ?? 0)) best = index;
    }
    current[best] = (current[best] ?? 0) - total;
    return operations[best] as Operation;
  };
}

/**
 * Offers `rate` requests per second for `seconds` to 127.0.0.1:`port`, picking operations by
 * weight, and waits for the last answer.
 */
export async function runOpenLoad(options: {
  port: number;
  rate: number;
  seconds: number;
  operations: readonly Operation[];
}): Promise<LoadFigures> {
  const { port, rate, seconds, operations } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const pick = weightedPicker(operations);
  const latencies: number[] = [];
  const perOperation = new Map(operations.map((op) => [op.name, { latencies: [] as number[], errors: 0 }]));
  const errorSamples = new Map<string, number>();
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const wallStart = Date.now();
  const bySecond: Map<number, { max: number; requests: number; slow: Record<string, number> }> = new Map();
  let lastDone = 0;

  const fire = (op: Operation, call: Call, scheduled: number) => {
    inFlight += 1;
    const figures = perOperation.get(op.name);
    const promise = send(agent, port, call, (data) => op.done?.(call, data)).then((error) => {
      inFlight -= 1;
      const now = performance.now();
      lastDone = Math.max(lastDone, now);
      const latency = now - scheduled;
      latencies.push(latency);
      figures?.latencies.push(latency);
      const second = Math.floor((scheduled - start) / 1000);
      const slot = bySecond.get(second) ?? { max: 0, requests: 0, slow: {} };
      slot.max = Math.max(slot.max, latency);
      slot.requests += 1;
      if (latency > stallMs) slot.slow[op.name] = (slot.slow[op.name] ?? 0) + 1;
      bySecond.set(second, slot);
      if (error) {
        errors += 1;
        if (figures) figures.errors += 1;
        const key = error.replace(/\d+/g, '#');
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
      }
    });
    pending.push(promise);
  };

  for (let index = 0; index < total; index++) {
    const scheduled = start + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const op = pick();
    const call = op.next();
    // Nothing to send (no unpaid order to pay yet) is the client's state, not the server's error.
    if (!call) continue;
    if (inFlight >= maxInFlight) {
      dropped += 1;
      continue;
    }
    fire(op, call, scheduled);
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsedSeconds = (Math.max(lastDone, start + seconds * 1000) - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    offeredRate: rate,
    achievedRate: latencies.length / elapsedSeconds,
    count: latencies.length,
    errors: errors + dropped,
    dropped,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    operations: operations.map((op) => {
      const figures = perOperation.get(op.name) ?? { latencies: [], errors: 0 };
      const opSorted = figures.latencies.sort((a, b) => a - b);
      return {
        name: op.name,
        count: opSorted.length,
        errors: figures.errors,
        p50: percentile(opSorted, 0.5),
        p95: percentile(opSorted, 0.95),
        p99: percentile(opSorted, 0.99),
      };
    }),
    errorSamples: [...errorSamples].map(([key, count]) => `${count}× ${key}`),
    stalls: [...bySecond]
      .filter(([, slot]) => slot.max > stallMs)
      .sort(([a], [b]) => a - b)
      .map(([second, slot]) => ({ at: new Date(wallStart + second * 1000).toISOString(), second, ...slot })),
  };
}

/** One line per stalled second: "12:01:07 (s 7) max 412 ms, 38 of 52 over 250 ms: browse 20, detail 9…". */
export function describeStalls(stalls: readonly Stall[]): string[] {
  return stalls.map((stall) => {
    const slow = Object.entries(stall.slow).sort(([, a], [, b]) => b - a);
    const slowCount = slow.reduce((sum, [, count]) => sum + count, 0);
    return `${stall.at.slice(11, 19)} (s ${stall.second}) max ${stall.max.toFixed(0)} ms, ${slowCount} of ${stall.requests} over ${stallMs} ms: ${slow.map(([name, count]) => `${name} ${count}`).join(', ')}`;
  });
}

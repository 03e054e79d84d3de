import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

describe('request metrics', () => {
  it('counts requests by method, route and status and spreads their durations over the buckets', async () => {
    const metrics = createMetrics();
    metrics.recordRequest('GET', '/api/product/list', 200, 0.003);
    metrics.recordRequest('GET', '/api/product/list', 200, 0.004);
    metrics.recordRequest('GET', '/api/product/list', 503, 0.2);
    metrics.recordRequest('GET', '/api/product/list', 200, 12);
    metrics.recordRequest('POST', '/api/cart/add', 200, 0.01);
    const text = await metrics.registry.metrics();
    const line = (prefix: string) => text.split('\n').find((l) => l.startsWith(prefix));

    expect(line('http_requests_total{method="GET",route="/api/product/list",status="200"}')).toMatch(/ 3$/);
    expect(line('http_requests_total{method="GET",route="/api/product/list",status="503"}')).toMatch(/ 1$/);
    expect(line('http_requests_total{method="POST",route="/api/cart/add",status="200"}')).toMatch(/ 1$/);
    const bucket = (le: string) =>
      line(`http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/product/list"}`);
    expect(bucket('0.005')).toMatch(/ 2$/);
    expect(bucket('0.1')).toMatch(/ 2$/);
    expect(bucket('0.25')).toMatch(/ 3$/);
    expect(bucket('10')).toMatch(/ 3$/);
    expect(bucket('+Inf')).toMatch(/ 4$/);
    expect(line('http_request_duration_seconds_count{method="GET",route="/api/product/list"}')).toMatch(/ 4$/);
    const sum = Number(
      line('http_request_duration_seconds_sum{method="GET",route="/api/product/list"}')?.split(' ')[1],
    );
    expect(sum).toBeCloseTo(12.207, 6);
    expect(line('http_request_duration_seconds_bucket{le="0.01",method="POST",route="/api/cart/add"}')).toMatch(/ 1$/);
  });
});

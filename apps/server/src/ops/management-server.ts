import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resultCodes } from '@crossmart/contract';
import type { DatabaseHandle } from '../db/client.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Metrics } from './metrics.ts';
import { checkReadiness } from './readiness.ts';

export interface ManagementServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The operator's listener (MANAGEMENT_PORT): `/metrics` without a token, and the same
 * `/api/health/live` and `/api/health/ready` answers as the public port. It listens before the
 * database is prepared, so an orchestrator sees `migrating` instead of a refused connection, and
 * it stays private (MANAGEMENT_HOST, loopback by default) because it asks for no credentials.
 */
export async function startManagementServer(options: {
  host: string;
  port: number;
  lifecycle: Lifecycle;
  database: DatabaseHandle;
  metrics: Metrics;
}): Promise<ManagementServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const json = (status: number, data: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ code: resultCodes.ok, msg: 'ok', data }));
    };
    const answer = async () => {
      if (request.method !== 'GET') return json(405, null);
      if (path === '/metrics') {
        const body = await options.metrics.registry.metrics();
        response.writeHead(200, { 'content-type': options.metrics.registry.contentType });
        return response.end(body);
      }
      if (path === '/api/health/live') return json(200, { status: 'ok' });
      if (path === '/api/health/ready') {
        const readiness = await checkReadiness(options.lifecycle, options.database);
        return json(readiness.ready ? 200 : 503, readiness);
      }
      response.writeHead(404).end();
    };
    answer().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

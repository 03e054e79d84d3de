/**
 * The embedded engine's thread (ADR 0022): PGlite runs here, so its statements use the second
 * core and never hold the server's event loop. One transaction at a time, as on the server's
 * thread: PGlite's own lock makes a statement outside it wait until it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createEmbeddedClient, drizzleParsers, type EmbeddedClient } from './embedded-client.ts';
import { serializeError, type WorkerAnswer, type WorkerRequest, type WorkerStart } from './embedded-protocol.ts';

const port = parentPort;
if (!port) throw new Error('embedded-worker runs as a worker thread');
const { dataDir } = workerData as { dataDir?: string };

interface OpenTransaction {
  tx: EmbeddedClient;
  /** Ends the transaction's callback: resolve commits, reject rolls back. */
  finish(commit: boolean): void;
}

const answer = (message: WorkerAnswer) => port.postMessage(message);

try {
  const pglite = new PGlite({ dataDir, parsers: drizzleParsers });
  await pglite.waitReady;
  const client = createEmbeddedClient(pglite);
  const transactions = new Map<number, OpenTransaction>();
  const outcomes = new Map<number, Promise<unknown>>();

  const handle = async (request: WorkerRequest): Promise<void> => {
    try {
      switch (request.kind) {
        case 'query': {
          const target = request.transaction === undefined ? client : transactions.get(request.transaction)?.tx;
          if (!target) throw new Error('Transaction is closed');
          const result = await target.query(request.text, request.params, { rowMode: request.rowMode ?? 'object' });
          answer({ id: request.id, ok: true, result });
          return;
        }
        case 'begin': {
          let opened: () => void = () => {};
          const open = new Promise<void>((resolve) => {
            opened = resolve;
          });
          const outcome = client.transaction(
            (tx) =>
              new Promise<void>((resolve, reject) => {
                transactions.set(request.id, {
                  tx,
                  finish: (commit) => (commit ? resolve() : reject(new Error('rolled back'))),
                });
                opened();
              }),
          );
          // An outcome nobody waits for yet must not count as an unhandled rejection.
          outcome.catch(() => {});
          outcomes.set(request.id, outcome);
          await Promise.race([open, outcome]);
          answer({ id: request.id, ok: true });
          return;
        }
        case 'end': {
          const open = transactions.get(request.transaction);
          const outcome = outcomes.get(request.transaction);
          transactions.delete(request.transaction);
          outcomes.delete(request.transaction);
          if (!open || !outcome) throw new Error('Transaction is closed');
          open.finish(request.commit);
          try {
            await outcome;
          } catch (error) {
            // The rollback asked for is the expected outcome, not an error.
            if (request.commit) throw error;
          }
          answer({ id: request.id, ok: true });
          return;
        }
        case 'close': {
          await pglite.close();
          answer({ id: request.id, ok: true });
          port.close();
          return;
        }
      }
    } catch (error) {
      answer({ id: request.id, ok: false, error: serializeError(error) });
    }
  };

  port.on('message', (request: WorkerRequest) => void handle(request));
  port.postMessage({ kind: 'ready' } satisfies WorkerStart);
} catch (error) {
  port.postMessage({ kind: 'failed', error: serializeError(error) } satisfies WorkerStart);
}

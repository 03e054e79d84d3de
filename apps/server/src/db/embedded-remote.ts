import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { EmbeddedClient } from './embedded-client.ts';
import { deserializeError, type WorkerAnswer, type WorkerRequest, type WorkerStart } from './embedded-protocol.ts';

/** Request without its id: the remote numbers them. */
type Outgoing = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface RemoteEmbeddedClient extends EmbeddedClient {
  close(): Promise<void>;
}

/**
 * The worker's file beside this module: `.ts` when the server runs from its sources (tests),
 * `.js` in the build, where the bundler emits the worker as an entry of its own (scripts/build-server.ts).
 * `filename` is the running file; the build rewrites only the module URL (to the source's), for stack traces.
 */
function workerFile(): string {
  const here = import.meta.filename ?? fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'embedded-worker.ts' : 'embedded-worker.js');
}

/**
 * PGlite in a worker thread (ADR 0022), behind the same `query` / `transaction` surface Drizzle's
 * driver uses: each statement is a message, a transaction is `begin`, its statements, then `end`.
 * The caller holds the directory's lock (`openDatabase`, ADR 0024).
 */
export async function openEmbeddedWorker(dataDir: string | undefined): Promise<RemoteEmbeddedClient> {
  const worker = new Worker(workerFile(), { workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (message: WorkerStart) => {
      worker.off('error', onError);
      if (message.kind === 'ready') resolve();
      else reject(deserializeError(message.error));
    });
  });

  const pending = new Map<number, { resolve(answer: WorkerAnswer): void }>();
  let nextId = 0;
  let failure: Error | undefined;
  worker.on('message', (answer: WorkerAnswer) => {
    pending.get(answer.id)?.resolve(answer);
    pending.delete(answer.id);
  });
  // A dead worker fails every statement waiting on it, and every later one, instead of hanging.
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiter of pending.values())
      waiter.resolve({ id: -1, ok: false, error: { message: error.message, name: error.name, fields: {} } });
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`embedded database worker exited (${code})`)));

  const send = async (request: Outgoing): Promise<Results<unknown> | undefined> => {
    if (failure) throw failure;
    nextId += 1;
    const id = nextId;
    const answer = await new Promise<WorkerAnswer>((resolve) => {
      pending.set(id, { resolve });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
    if (!answer.ok) throw deserializeError(answer.error);
    return answer.result;
  };

  const query =
    (transaction: number | undefined) =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
      (await send({ kind: 'query', text, params, rowMode: options?.rowMode, transaction })) as Results<T>;

  let closing: Promise<void> | undefined;
  return {
    query: query(undefined),
    async transaction<T>(callback: (tx: EmbeddedClient) => Promise<T>): Promise<T> {
      if (failure) throw failure;
      nextId += 1;
      const transaction = nextId;
      const answer = await new Promise<WorkerAnswer>((resolve) => {
        pending.set(transaction, { resolve });
        worker.postMessage({ kind: 'begin', id: transaction } satisfies WorkerRequest);
      });
      if (!answer.ok) throw deserializeError(answer.error);
      const tx: EmbeddedClient = {
        query: query(transaction),
        transaction: () => Promise.reject(new Error('nested transactions are savepoints in Drizzle')),
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await send({ kind: 'end', transaction, commit: false }).catch(() => {});
        throw error;
      }
      await send({ kind: 'end', transaction, commit: true });
      return result;
    },
    close() {
      closing ??= (async () => {
        if (!failure) await send({ kind: 'close' }).catch(() => {});
        await worker.terminate();
      })();
      return closing;
    },
  };
}

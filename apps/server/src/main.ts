// First: the heap growth limit applies from the start's first garbage collections.
import './ops/heap-growth.ts';
import { ConfigError, readConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { installGracefulShutdown, startServer } from './server.ts';

async function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const lifecycle = new Lifecycle('starting');
  const app = await startServer(config, lifecycle);
  installGracefulShutdown({
    app,
    lifecycle,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    signals: process,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
}

main().catch((error: unknown) => {
  // Another process on the embedded data directory is the operator's to resolve: the message, no stack.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});

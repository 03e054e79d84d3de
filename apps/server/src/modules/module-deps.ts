import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** What buildApp hands every module's routes. */
export interface ModuleDeps {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | undefined;
}

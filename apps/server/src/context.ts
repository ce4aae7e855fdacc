import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { Clock } from './lib/clock.js';

/** What every service needs: configuration, the database, the clock and the logger. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  /** Secret for signing JWTs (visitor claims). */
  jwtSecret: Uint8Array;
}

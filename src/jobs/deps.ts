import type { Db } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';

export interface JobDeps {
  db: Db;
  clock: Clock;
}

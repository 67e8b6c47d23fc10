import type { Db } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';
import type { PaymentGateway } from '../gateway/port.ts';

export interface JobDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
}

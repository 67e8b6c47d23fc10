import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/database.ts';
import type { CollectionOutcome } from '../domain/plan.ts';
import type { PaymentGateway } from '../gateway/port.ts';
import type { NotificationChannels } from '../notifications/port.ts';
import type { Clock } from '../platform/clock.ts';

export interface JobDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  /** The full use-case context, for jobs that run use cases (collections). */
  app: AppContext;
  /** In-app and e-mail (SMTP_URL, or the log), for deliver_notifications. */
  notificationChannels: NotificationChannels;
  /** Told of each collection's outcome (the worker's Prometheus counters). */
  onCollected?: (outcome: CollectionOutcome) => void;
}

import type { AppContext } from '../../app-context.ts';
import type { CollectionOutcome } from '../../domain/plan.ts';
import { collectInstallments } from './collect.ts';

export interface CollectionBatcherOptions {
  /** Most installments collected together. */
  maxBatch: number;
  /** How long the first waiting installment waits for others before its batch starts. */
  gatherMs: number;
}

interface Waiting {
  installmentId: string;
  resolve: (outcome: CollectionOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the installments that `collect_installment` jobs hand it for a few milliseconds and
 * collects them together (`collectInstallments`: one statement records the intents, the gateway
 * calls run concurrently, one transaction settles the successes), so the per-collection database
 * work is shared by the batch. Each job still waits for its own installment's outcome and fails
 * alone; scheduling stays one job per installment. Batches run concurrently with each other.
 * An installment already waiting in the batch being gathered joins the next batch instead.
 */
export class CollectionBatcher {
  readonly #ctx: AppContext;
  readonly #options: CollectionBatcherOptions;
  #waiting: Waiting[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(ctx: AppContext, options: CollectionBatcherOptions) {
    this.#ctx = ctx;
    this.#options = options;
  }

  collect(installmentId: string): Promise<CollectionOutcome> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ installmentId, resolve, reject });
      if (this.#waiting.length >= this.#options.maxBatch) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.#options.gatherMs);
    });
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const ids = new Set<string>();
    for (const waiting of this.#waiting) {
      if (batch.length < this.#options.maxBatch && !ids.has(waiting.installmentId)) {
        ids.add(waiting.installmentId);
        batch.push(waiting);
      } else later.push(waiting);
    }
    this.#waiting = later;
    if (later.length > 0) this.#timer = setTimeout(() => this.#flush(), this.#options.gatherMs);
    if (batch.length > 0) void this.#run(batch);
  }

  async #run(batch: Waiting[]): Promise<void> {
    try {
      const results = await collectInstallments(
        this.#ctx,
        batch.map((w) => w.installmentId),
      );
      batch.forEach((waiting, i) => {
        const result = results[i];
        if (result?.status === 'fulfilled') waiting.resolve(result.value);
        else waiting.reject(result ? result.reason : new Error('no collection result'));
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

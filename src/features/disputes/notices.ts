import { EventEmitter } from 'node:events';

import type { DisputeView } from './view.ts';

/**
 * The hook point for telling the merchant by other channels (e-mail: `notifyMerchant`, built
 * elsewhere). Each notice is emitted once, after the change it reports has committed, in the
 * process that applied it; the merchant webhook (`dispute.*`) is the durable record, this is a
 * courtesy. Subscribe with `merchantDisputeNotices.on('notice', handler)`; a handler's error is
 * caught and logged by the emitter's owner, never undoes the change.
 */
export interface MerchantDisputeNotice {
  kind: 'dispute.created' | 'dispute.reminder' | 'dispute.resolved';
  merchantId: string;
  dispute: DisputeView;
}

class MerchantDisputeNotices extends EventEmitter<{ notice: [MerchantDisputeNotice] }> {
  /** Emits each notice; one failing listener does not stop the others or the caller. */
  publish(notices: readonly MerchantDisputeNotice[], onError: (error: unknown) => void): void {
    for (const notice of notices) {
      for (const listener of this.listeners('notice')) {
        try {
          const result: unknown = listener(notice);
          if (result instanceof Promise) result.catch(onError);
        } catch (error) {
          onError(error);
        }
      }
    }
  }
}

export const merchantDisputeNotices = new MerchantDisputeNotices();

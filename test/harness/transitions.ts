import type { Transition } from '../../src/domain/plan.ts';

/** A transition's outcome as a short tuple, so a table of expected transitions reads at a glance. */
export type Expected<S> = ['applied', S] | ['unchanged'] | ['refused'];

export function outcomeOf<S>(transition: Transition<S>): Expected<S> {
  switch (transition.outcome) {
    case 'applied':
      return ['applied', transition.to];
    case 'unchanged':
      return ['unchanged'];
    case 'refused':
      return ['refused'];
  }
}

/**
 * Where the components several responses share go in the document, so that its bytes do not
 * depend on the order their modules happen to load in.
 */
import type { TSchema } from 'typebox';

import { assert } from '../platform/assert.ts';

/**
 * The named components shared by several responses (`sharedSchema`), in the order the document
 * lists them. Modules register them as they load, and the load order follows imports, so the
 * document fixes its own order: moving a module must not reorder the published document.
 */
const SHARED_SCHEMA_ORDER = [
  'PlanCountsByStatus',
  'WebhookEndpointHealth',
  'NotificationSwitches',
  'NotificationPreferences',
  'MessagingPlan',
];

export function sharedSchemasInDocumentOrder(registered: ReadonlyMap<string, TSchema>): TSchema[] {
  const unplaced = [...registered.keys()].filter((id) => !SHARED_SCHEMA_ORDER.includes(id));
  assert(
    unplaced.length === 0,
    `shared schemas without a place in the document: ${unplaced.join(', ')}`,
  );
  return SHARED_SCHEMA_ORDER.flatMap((id) => registered.get(id) ?? []);
}

import { type SelectQueryBuilder, sql } from 'kysely';

import { DomainError } from '../domain/errors.ts';

/**
 * Cursor pagination for lists ordered newest first by (created_at, id): the cursor is the last
 * row shown, opaque to clients (base64url of "created_at|id").
 */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function decodeCursor(cursor: string, idPrefix: string): Cursor {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !id.startsWith(idPrefix)) {
    throw new DomainError('invalid_request', 'cursor is not one this API returned.');
  }
  return { createdAt, id };
}

/**
 * Orders a single-table query newest first, starts it after `cursor` and fetches one row more
 * than `limit` (for `pageOf`). The row comparison `(created_at, id) < (…)` is the keyset
 * condition "older, or as old with a smaller id", and can use a (created_at, id) index.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { cursor?: string | undefined; limit: number },
  idPrefix: string,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (page.cursor) {
    const { createdAt, id } = decodeCursor(page.cursor, idPrefix);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  return q
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(page.limit + 1);
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** `rows` was fetched with `limit + 1`: the extra row only says whether there is more. */
export function pageOf<R extends { created_at: Date; id: string }, T>(
  rows: readonly R[],
  limit: number,
  view: (row: R) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const hasMore = rows.length > limit;
  return {
    data: shown.map(view),
    has_more: hasMore,
    next_cursor:
      hasMore && last
        ? Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}

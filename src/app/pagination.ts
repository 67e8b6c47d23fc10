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
  if (Number.isNaN(createdAt.getTime()) || !id.startsWith(idPrefix))
    throw new DomainError('invalid_request', 'cursor is not one this API returned.');
  return { createdAt, id };
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

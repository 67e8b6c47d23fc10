/**
 * Text that PostgreSQL cannot store faithfully, refused where it enters (request bodies, path
 * parameters, query strings) so it never reaches a statement:
 *
 * - NUL (U+0000): `text` cannot hold it; the database refuses the whole statement.
 * - a lone UTF-16 surrogate (half of a pair, as JSON's `"\ud800"` decodes): not a character. As a
 *   `text` parameter it turns silently into U+FFFD; in a `json` parameter the database refuses it.
 *
 * In a `u` regular expression a well-formed pair is one code point, so `\p{Cs}` matches only a lone
 * surrogate.
 */
const MALFORMED = /[\0\p{Cs}]/u;

/**
 * Why the first malformed string in `value` (a string, or arrays and objects of them, keys
 * included) is refused, worded to follow "Text fields" or a parameter's name: `"must not contain
 * NUL (\u0000) characters"`. Undefined when every string is well-formed.
 */
export function findMalformedText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const found = MALFORMED.exec(value)?.[0];
    if (found === undefined) return undefined;
    return found === '\0'
      ? 'must not contain NUL (\\u0000) characters'
      : `must be valid Unicode (a lone surrogate \\u${found.charCodeAt(0).toString(16)} was sent)`;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = findMalformedText(item);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = findMalformedText(key) ?? findMalformedText(item);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

/**
 * The name of the first query-string parameter whose name or value has percent-escapes that do not
 * decode to UTF-8 (`%ED%A0%80`, an encoded lone surrogate; `%FF`), or undefined. Fastify's parser
 * keeps such text undecoded, so without this check `?order_reference=%ED%A0%80` would quietly
 * search for the literal nine characters. A `%` not followed by two hex digits (`?tag=50%off`) is
 * plain text, as browsers send it. `rawQuery` is the part of the URL after `?`.
 */
export function findUndecodableQueryParameter(rawQuery: string): string | undefined {
  for (const pair of rawQuery.split('&')) {
    const separator = pair.indexOf('=');
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? '' : pair.slice(separator + 1);
    const name = decodeQueryComponent(rawName);
    if (name === undefined || decodeQueryComponent(rawValue) === undefined) return name ?? rawName;
  }
  return undefined;
}

function decodeQueryComponent(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return undefined;
  }
}

/**
 * JSON laid out for diffs at close to minified size (the OpenAPI document must stay under 200 KB):
 * nesting is broken into one member per line down to `maxDepth` levels, so that a change shows
 * as the operation, parameter or schema property it touches; anything deeper, or anything that
 * fits in `width` columns, stays on one line, minified.
 */
export function compactJson(value: unknown, options: { width?: number; maxDepth?: number } = {}) {
  return `${layout(value, '', options.width ?? 100, options.maxDepth ?? 4, 0)}\n`;
}

function layout(
  value: unknown,
  indent: string,
  width: number,
  depth: number,
  prefix: number,
): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const flat = JSON.stringify(value);
  if (depth === 0 || indent.length + prefix + flat.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => inner + layout(item, inner, width, depth - 1, 0));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const members = entries.map(([key, v]) => {
    const label = `${JSON.stringify(key)}: `;
    return inner + label + layout(v, inner, width, depth - 1, label.length);
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

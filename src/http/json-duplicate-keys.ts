/**
 * The first key that appears twice in one object of a JSON text, or undefined. `JSON.parse` keeps
 * the last of two equal keys silently, so `{"amount":100,"amount":900}` would mean 900 here and
 * 100 to any parser that keeps the first (a proxy, a log, the merchant's signature check): such a
 * body is refused instead. Keys are compared after decoding their escapes (`"a"` and `"\u0061"` are
 * the same key). `text` must already be valid JSON (it is scanned, not validated), and the scan
 * is iterative, so nesting depth costs no stack.
 */
export function findDuplicateKey(text: string): string | undefined {
  // One entry per open container: the keys seen so far in an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (end < text.length) {
        const d = text.charCodeAt(end);
        if (d === 0x5c /* \ */) {
          escaped = true;
          end += 2;
        } else if (d === 0x22) break;
        else end++;
      }
      const keys = open[open.length - 1];
      if (expectingKey && keys) {
        const key = escaped
          ? (JSON.parse(text.slice(i, end + 1)) as string)
          : text.slice(i + 1, end);
        if (keys.has(key)) return key;
        keys.add(key);
        expectingKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      expectingKey = true;
    } else if (c === 0x5b /* [ */) {
      open.push(null);
      expectingKey = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      expectingKey = false;
    } else if (c === 0x2c /* , */) {
      expectingKey = open[open.length - 1] != null;
    }
  }
  return undefined;
}

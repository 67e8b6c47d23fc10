/**
 * The first integer in a JSON text spelled with a decimal point or an exponent (`1e5`,
 * `100000.0`, `2.5E3`), or undefined. Every number Tranche's API takes is an integer (kobo,
 * counts, percentages), and `JSON.parse` turns `1e5` into the integer 100000 and `1.0` into 1, so
 * such a spelling would pass the integer schemas. A merchant that sends one has a float somewhere
 * in its code, which is the bug integer kobo exists to prevent: the request is refused, not read
 * generously. A real fraction (`1.5`) is left to the schema, whose message names the field.
 * `text` must already be valid JSON (it is scanned, not validated).
 */
export function findFloatSpelledInteger(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included.
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) {
        i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      }
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39) /* 0-9 */) {
      let end = i;
      let spelled = false;
      while (end < text.length) {
        const d = text.charCodeAt(end);
        if (d === 0x2e /* . */ || d === 0x65 /* e */ || d === 0x45 /* E */) spelled = true;
        else if (!(d === 0x2b || d === 0x2d || (d >= 0x30 && d <= 0x39))) break;
        end++;
      }
      if (spelled && Number.isInteger(Number(text.slice(i, end)))) return text.slice(i, end);
      i = end - 1;
    }
  }
  return undefined;
}

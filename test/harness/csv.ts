/**
 * An RFC 4180 reader for tests, written apart from the exporter so a quoting bug in one is not
 * mirrored in the other: records as arrays of fields, the first being the header.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`bare line break at ${i}: RFC 4180 ends records with CRLF`);
    } else field += c;
    i++;
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** The records as objects keyed by the header. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => {
    if (row.length !== header.length) {
      throw new Error(`record of ${row.length} fields, header ${header.length}`);
    }
    return Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
  });
}

export const sumColumn = (rows: Record<string, string>[], column: string) =>
  rows.reduce((sum, row) => sum + Number(row[column]), 0);

import { RestError } from './RestError.ts';

/**
 * Pure: a text/csv request body -> rows, as PostgREST reads one for an
 * insert (csvToJson): the first line names the columns, every value is
 * text, and the unquoted or quoted word NULL is null. Quoted fields
 * ("a,b", "say ""hi""") and CRLF line ends are RFC 4180's. A line with
 * another number of fields is 400 PGRST102.
 */
export function parseCsvBody(text: string): Record<string, string | null>[] {
  const records = csvRecords(text);
  if (records.length === 0) throw new RestError(400, 'PGRST102', 'parse error (not enough input) at ""');
  const [header, ...lines] = records;
  if (lines.some((line) => line.length !== header.length)) throw new RestError(400, 'PGRST102', 'All lines must have same number of fields');
  return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] === 'NULL' ? null : line[i]])));
}

function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (quoted) throw new RestError(400, 'PGRST102', 'parse error (endOfInput)');
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

import { RestError } from './RestError.ts';

export type RestMediaType = 'json' | 'object' | 'csv';

const KNOWN: Record<string, RestMediaType> = {
  '*/*': 'json',
  'application/*': 'json',
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.array': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
};

/**
 * Pure: the Accept header of a read -> the response type, by q then order,
 * as PostgREST picks it; none it can produce is 406 PGRST107 naming them.
 */
export function negotiateAccept(header: string): RestMediaType {
  return pickAccept(header).media;
}

/**
 * Pure: as negotiateAccept, and whether the picked type asks for
 * `nulls=stripped` (vnd.pgrst.array+json and vnd.pgrst.object+json only).
 */
export function pickAccept(header: string): { media: RestMediaType; stripNulls: boolean } {
  if (header.trim() === '') return { media: 'json', stripNulls: false };
  const ranges = header
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((p) => p.trim());
      const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)).find(Boolean);
      const stripped = params.some((p) => /^nulls=stripped$/i.test(p));
      return { type: type.toLowerCase(), q: q ? Number(q[1]) : 1, i, stripped };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const media = KNOWN[r.type];
    if (media) return { media, stripNulls: r.stripped && r.type.startsWith('application/vnd.pgrst.') };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${ranges.map((r) => r.type).join(', ')}`);
}

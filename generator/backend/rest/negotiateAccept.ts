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
  if (header.trim() === '') return 'json';
  const ranges = header
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((p) => p.trim());
      const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)).find(Boolean);
      return { type: type.toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const media = KNOWN[r.type];
    if (media) return media;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${ranges.map((r) => r.type).join(', ')}`);
}

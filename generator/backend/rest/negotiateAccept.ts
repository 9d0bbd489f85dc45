import { RestError } from './RestError.ts';

export type RestMediaType = 'json' | 'object' | 'csv';

/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="..."; options=a|b`: the read's EXPLAIN instead of its rows. */
export interface RestPlan {
  format: 'json' | 'text';
  /** EXPLAIN's options, in PostgREST's order. */
  options: ('analyze' | 'verbose' | 'settings' | 'buffers' | 'wal')[];
  /** The media type named in `for` (application/json when absent), as the Content-Type repeats it. */
  forType: string;
}

const PLAN_OPTIONS: RestPlan['options'] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];
const PLAN_TYPES: Record<string, RestPlan['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
};

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
 * With `planEnabled` (pgrst.db_plan_enabled) vnd.pgrst.plan is one of the
 * types: `media` is then that of its `for`, and `plan` says how to EXPLAIN.
 */
export function pickAccept(header: string, planEnabled = false): { media: RestMediaType; stripNulls: boolean; plan?: RestPlan } {
  if (header.trim() === '') return { media: 'json', stripNulls: false };
  const ranges = header
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((p) => p.trim());
      const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)).find(Boolean);
      const stripped = params.some((p) => /^nulls=stripped$/i.test(p));
      const param = (name: string) => params.map((p) => new RegExp(`^${name}=(.*)$`, 'i').exec(p)?.[1]).find((v) => v !== undefined);
      return { type: type.toLowerCase(), q: q ? Number(q[1]) : 1, i, stripped, forType: param('for'), options: param('options') };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const format = PLAN_TYPES[r.type];
    if (format && planEnabled) {
      const forType = (r.forType ?? 'application/json').replace(/^"(.*)"$/, '$1').trim().toLowerCase();
      const media = KNOWN[forType];
      if (!media) continue;
      const asked = (r.options ?? '').toLowerCase().split('|');
      return { media, stripNulls: false, plan: { format, options: PLAN_OPTIONS.filter((o) => asked.includes(o)), forType } };
    }
    const media = KNOWN[r.type];
    if (media) return { media, stripNulls: r.stripped && r.type.startsWith('application/vnd.pgrst.') };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${ranges.map((r) => r.type).join(', ')}`);
}

/**
 * What the site's `meta()` returns, checked for fields the engine does not know: a typo there
 * (`favIcon`, `socialImages`, `feed: { url }`) would turn its feature off in silence. An unknown field is
 * a SiteConfigInvalid naming it and the known field it is nearest to. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { SiteMeta } from './defineConfig.ts';
import { nearestName } from '../core/nearestName.ts';

// Every field of SiteMeta and of its feed, and no other: TypeScript holds these lists to the types.
const META_FIELDS = Object.keys({ name: 1, url: 1, language: 1, locale: 1, socialImage: 1, favicon: 1, feed: 1 } satisfies Record<keyof SiteMeta, 1>);
const FEED_FIELDS = Object.keys({ title: 1, path: 1 } satisfies Record<keyof NonNullable<SiteMeta['feed']>, 1>);

function unknownField(value: unknown, known: readonly string[], owner: string): void {
  if (value === null || typeof value !== 'object') return;
  const key = Object.keys(value).find((k) => !known.includes(k));
  if (key === undefined) return;
  const near = nearestName(key, known);
  throw new SiteError('SiteConfigInvalid', {
    file: 'site.config.ts',
    field: `${owner}.${key}`,
    expected: `is not a field of what ${owner} returns${near ? `: did you mean "${near}"?` : ''} (it takes ${known.join(', ')})`,
  });
}

export function checkMeta(meta: SiteMeta): SiteMeta {
  unknownField(meta, META_FIELDS, 'meta()');
  unknownField(meta.feed, FEED_FIELDS, 'meta().feed');
  return meta;
}

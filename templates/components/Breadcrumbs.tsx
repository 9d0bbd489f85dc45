import type { Crumb } from 'skerry';
import { useSite } from '../SiteContext.ts';

/** Visible breadcrumb trail (Home > Blog > article); the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { labels } = useSite().content.site;
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={labels.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.path}>{i === crumbs.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.path}>{c.name}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}

import { Icon } from '../components/Icon.tsx';
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';

/** The blog search form: a plain GET to /blog?q=…, filtered live by the BlogSearch island. */
export function BlogSearch() {
  const { search } = useSite().content.pages.blog;
  return (
    <Island name="BlogSearch" hydrate="load">
    <form role="search" action="/blog" method="get" className="search-form" aria-label={search.label}>
      <label htmlFor="blog-search" className="visually-hidden">
        {search.label}
      </label>
      <span className="search-field">
        <Icon name="Search" />
        <input id="blog-search" type="search" name="q" placeholder={search.placeholder} autoComplete="off" />
      </span>
      <button type="submit" className="button button-primary">
        {search.button}
      </button>
      <p className="search-status" data-search-status="" role="status" />
    </form>
    </Island>
  );
}

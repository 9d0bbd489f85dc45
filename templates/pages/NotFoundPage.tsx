import { Icon } from '../components/Icon.tsx';
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/** 404: the code, "Oops! Page not found" and a link home; the NotFoundLog island logs the attempted path. */
export function NotFoundPage(_: PageProps) {
  const page = useSite().content.pages['not-found'];
  return (
    <section className="not-found" aria-labelledby="page-title">
      <div className="container container-small">
        <p className="not-found-code" aria-hidden="true">
          {page.code}
        </p>
        <h1 id="page-title">
          <span className="visually-hidden">{page.code} </span>
          {page.heading}
        </h1>
        <p className="lead">{page.lead}</p>
        <Island name="NotFoundLog" hydrate="load" />
        <a className="button button-primary button-lg" href="/">
          <Icon name="ArrowLeft" />
          {page.homeLink}
        </a>
      </div>
    </section>
  );
}

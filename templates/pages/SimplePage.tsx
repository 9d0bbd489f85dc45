import type { PageName } from '../../generator/content/schemas.ts';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/** Heading and intro of a page whose sections are not built yet (Step 2 replaces these). */
export const simplePage = (name: PageName) =>
  function SimplePage(_: PageProps) {
    const page = useSite().content.pages[name] as { seo: { name: string; description: string } };
    return (
      <section className="section">
        <h1>{page.seo.name}</h1>
        <p>{page.seo.description}</p>
      </section>
    );
  };

import { WaitlistForm } from '../../widgets/islands/WaitlistForm.tsx';
import { CheckList } from '../components/CheckList.tsx';
import { Island } from 'skerry';
import { IslandFrame } from '../sections/IslandFrame.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function WaitlistPage(_: PageProps) {
  const { pages, widgets } = useSite().content;
  const page = pages.waitlist;
  return (
    <IslandFrame
      island={
        <Island id="waitlist-root" className="island-root" name="WaitlistForm" hydrate="idle" component={WaitlistForm} props={{ copy: widgets.waitlist }} />
      }
      heading={page.heading}
      lead={page.lead}
      fallback={page.fallback}
      aside={
        <aside className="island-aside" aria-labelledby="perks-heading">
          <h2 id="perks-heading">{page.perks.heading}</h2>
          {page.perks.intro && <p>{page.perks.intro}</p>}
          <CheckList items={page.perks.items} />
        </aside>
      }
    />
  );
}

import { AdminDashboard } from '../../widgets/islands/AdminDashboard.tsx';
import { Island } from 'skerry';
import { IslandFrame } from '../sections/IslandFrame.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/** /admin: loading, access denied, or the contact submissions (the island checks the session and role). */
export function AdminPage(_: PageProps) {
  const { pages, widgets } = useSite().content;
  const page = pages.admin;
  const island = (
    <Island id="admin-root" className="island-root" name="AdminDashboard" hydrate="load" component={AdminDashboard} props={{ copy: widgets.admin }} />
  );
  return <IslandFrame heading={page.heading} lead={page.lead} fallback={page.fallback} island={island} wide />;
}

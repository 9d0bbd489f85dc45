import { AuthForm } from '../../widgets/islands/AuthForm.tsx';
import { Island } from 'skerry';
import { IslandFrame } from '../sections/IslandFrame.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/** /auth: sign in or sign up. The island needs the session at once (a signed-in visitor goes to /admin). */
export function AuthPage(_: PageProps) {
  const { pages, widgets } = useSite().content;
  const page = pages.auth;
  const island = <Island id="auth-root" className="island-root" name="AuthForm" hydrate="load" component={AuthForm} props={{ copy: widgets.auth }} />;
  return <IslandFrame heading={page.heading} lead={page.lead} fallback={page.fallback} island={island} />;
}

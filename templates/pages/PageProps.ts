import type { SiteRoute } from '../routes.ts';

/** Every page template receives its route; content comes from useSite(). */
export interface PageProps {
  route: SiteRoute;
}

import type { Route } from '../../generator/routes.ts';

/** Every page template receives its route; content comes from useSite(). */
export interface PageProps {
  route: Route;
}

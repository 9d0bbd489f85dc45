/** useSite() typed for this site: its content (collections.ts) and its routes (routes.ts). */
import { useSite as useEngineSite, type RenderContext } from 'skerry';
import type { Content } from './collections.ts';
import type { SiteRoute } from './routes.ts';

export const useSite = (): RenderContext<Content, SiteRoute> => useEngineSite<Content, SiteRoute>();

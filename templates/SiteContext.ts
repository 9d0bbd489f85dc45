/**
 * useSite() typed for this site: its content (templates/collections.ts) and
 * its routes (templates/routes.ts). The engine provides the context.
 */
import { useSite as useEngineSite, type RenderContext } from 'skerry';
import type { Content } from './collections.ts';
import type { SiteRoute } from './routes.ts';

export type { RenderContext };

export const useSite = (): RenderContext<Content, SiteRoute> => useEngineSite<Content, SiteRoute>();

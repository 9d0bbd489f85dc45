/**
 * The SiteError for a page whose render threw: where in the site's code (core/siteSource.ts), and whose code it
 * is: an island's (a file under widgets/) or the template's.
 */
import { SiteError } from '../core/errors.ts';
import { siteSource } from '../core/siteSource.ts';

export function renderFailure(e: unknown, route: string, template: string): SiteError {
  if (e instanceof SiteError) return e;
  const reason = e instanceof Error ? e.message.replace(/\.$/, '') : String(e);
  const where = siteSource(e);
  if (where?.file.startsWith('widgets/')) return new SiteError('IslandRenderFailed', { route, template, reason, ...where });
  return new SiteError('TemplateRenderFailed', { route, template, reason, ...where });
}

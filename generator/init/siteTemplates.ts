/**
 * The starters a new site can begin from (`site init --template`, `npm create`): each a folder of
 * generator/init/templates/, over the files every one shares (templates/common/: the ignore file, the
 * favicon and the social image). Pure.
 */
import { nearestName } from '../core/nearestName.ts';
import { SiteError } from '../core/errors.ts';

/** Template name -> what it makes, as `--help` and the README say it. */
export const SITE_TEMPLATES = {
  blog: 'articles from markdown, newest first, with a feed and an island',
  docs: 'guides in sections with a sidebar, breadcrumbs and a search island',
  marketing: 'a landing page with features and pricing, and a sign-up form saved by the backend (supabase/)',
} as const;

export type SiteTemplate = keyof typeof SITE_TEMPLATES;

export const DEFAULT_TEMPLATE: SiteTemplate = 'blog';

/** The folder under templates/ that every template is laid over. */
export const COMMON = 'common';

/** The template `name` names, or InitTemplateUnknown with the nearest one. */
export function siteTemplate(name: string): SiteTemplate {
  if (Object.hasOwn(SITE_TEMPLATES, name)) return name as SiteTemplate;
  const known = Object.keys(SITE_TEMPLATES);
  const near = nearestName(name, known);
  throw new SiteError('InitTemplateUnknown', { name, known, ...(near ? { near } : {}) });
}

/** A template's files: the common ones, then its own (which win). Paths relative to the template, with "/". */
export function mergeTemplate(common: Map<string, Uint8Array>, own: Map<string, Uint8Array>): Map<string, Uint8Array> {
  return new Map([...common, ...own]);
}

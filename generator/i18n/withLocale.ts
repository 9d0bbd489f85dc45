/**
 * A page's render context with its locale (RenderContext.locale): the site-wide context's properties
 * copied as they are (getters stay getters, so what a page reads is still recorded), the strings read
 * through it. Pure.
 */
import type { I18nOptions, ListCollection, RenderContext, Route } from '../site/defineConfig.ts';
import type { EntryMeta } from '../site/defineConfig.ts';
import { pageLocale } from './pageLocale.ts';

export function withLocale<R extends Route>(ctx: RenderContext<Record<string, unknown>, R>, i18n: I18nOptions, route: Route, strings?: ListCollection): RenderContext<Record<string, unknown>, R> {
  const source = strings && i18n.strings ? { dir: strings.dir, entries: () => ctx.content[i18n.strings!] as EntryMeta[] } : undefined;
  const locale = pageLocale(i18n, route, source);
  return Object.defineProperties({} as RenderContext<Record<string, unknown>, R>, {
    ...Object.getOwnPropertyDescriptors(ctx),
    locale: { value: locale, enumerable: true },
  });
}

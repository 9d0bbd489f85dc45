/**
 * What a site imports from the engine (`import { defineConfig } from 'skerry'`): the config's types and
 * constructors, the render hooks its templates use, the island marker and React islands' mount, and the
 * builders for head data, structured data, feeds and pagination. Nothing here runs a build.
 */
export {
  collection,
  defineConfig,
  type Collection,
  type CollectionValue,
  type ContentOf,
  type CspAdditions,
  type Crumb,
  type Doc,
  type Entry,
  type EntryMeta,
  type PageTools,
  type RenderContext,
  type Route,
  type SiteDefinition,
  type SiteMeta,
  type SearchOptions,
  type SocialCardData,
  type SocialFont,
  type SocialImagesOptions,
  type I18nOptions,
  type LocaleOptions,
  type PageLocale,
  type Alternate,
} from './defineConfig.ts';
export { localePath } from '../i18n/localePath.ts';
export { useSite } from '../render/SiteContext.ts';
export { Shared } from '../render/Shared.tsx';
export { absoluteUrl, fileForPath } from '../seo/absoluteUrl.ts';
export { breadcrumbList, serializeJsonLd } from '../seo/jsonLd.ts';
export { rssFeed, type Feed, type FeedItem } from '../seo/rssFeed.ts';
export { assertDistinctFiles, groupBy, paginate, type Pagination } from '../routes.ts';
export { slugify, type MarkdownResult } from '../content/markdown.ts';
export type { MarkdownOptions } from '../content/markdownRenderer.ts';
export type { ArticleComponent, ArticleComponents } from '../content/components/componentCalls.ts';
export { Island, type Hydrate } from '../render/Island.tsx';
export { image } from '../images/imageField.ts';
export { Image, type ImageProps } from '../render/Image.tsx';
export type { ImageOptions, ResponsiveImage } from '../images/imageTypes.ts';
export { mountReact } from '../islands/mountReact.tsx';
export { definePlugin, type SitePlugin, type BuildDone, type JsonLdRule } from '../plugins/definePlugin.ts';
export { missing } from '../checks/jsonLdRules.ts';
export type { CheckInput } from '../checks/checkPages.ts';
export type { Mount } from '../islands/registry.ts';

/** Programmatic API: the CLI is a thin layer over these. */
export { build, type BuildResult, type BuiltPage } from './build.ts';
export { resolveConfig, type SiteOptions, type ResolvedConfig } from './config.ts';
export { SiteError, formatSiteError, errorTable } from './errors.ts';

/** Programmatic API: the CLI is a thin layer over these. */
export { build, upToDate, type BuildResult, type BuiltPage } from './build.ts';
export type { BuildReport } from './stages/buildRecord.ts';
export { formatHeldBack } from './content/formatHeldBack.ts';
export type { HeldBack } from './content/selectPublished.ts';
export { resolveConfig, type SiteOptions, type ResolvedConfig } from './config.ts';
export { SiteError, formatSiteError, errorTable } from './core/errors.ts';

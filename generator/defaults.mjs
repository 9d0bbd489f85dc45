// Folder defaults of `site build`, in one place for the config resolver, the CLI's help and
// bin/site.js (which looks at them before anything can load TypeScript: shards/earlyWorker.mjs).
export const DEFAULT_CONTENT_DIR = 'content';
export const DEFAULT_CACHE_DIR = '.site/cache/build';

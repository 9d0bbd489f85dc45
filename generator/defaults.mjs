// Folder defaults of `site build`, in one place for the config resolver and the CLI's help.
export const DEFAULT_CONTENT_DIR = 'content';
export const DEFAULT_CACHE_DIR = '.site/cache/build';

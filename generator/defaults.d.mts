export declare const DEFAULT_CONTENT_DIR: string;
export declare const DEFAULT_CACHE_DIR: string;

export declare function runBundle(file: string, cacheAt?: 'exit' | 'now' | 'hook'): unknown;
export declare function saveCodeCache(): void;
export declare function bundleFolder(): string | null;

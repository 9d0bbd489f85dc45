import type * as esbuild from 'esbuild';
export declare const external: string[];
export declare function bundleOptions(entry: string, format?: 'esm' | 'cjs'): esbuild.BuildOptions & { write: false; metafile: true };
export declare function asciiOnly(text: string): string;
export declare function saveBundle(result: esbuild.BuildResult, root: string, name: string): Promise<string>;
export declare function cachedBundle(root: string, name: string): Promise<string | null>;
export declare function selfBundle(root: string, name: string, entry: string, format?: 'esm' | 'cjs'): Promise<string>;

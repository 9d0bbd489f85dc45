import type * as esbuild from 'esbuild';
export declare const external: string[];
export declare const SITE_CONFIG: string;
export declare const siteRootOf: (root: string | null | undefined) => string | null;
export declare function bundleOptions(entry: string, format?: 'esm' | 'cjs', siteRoot?: string | null): esbuild.BuildOptions & { write: false; metafile: true };
export declare function asciiOnly(text: string): string;
export declare function saveBundle(result: esbuild.BuildResult, root: string, name: string, siteRoot?: string | null): Promise<string>;
export declare function cachedBundle(root: string, name: string, siteRoot?: string | null): Promise<string | null>;
export declare function selfBundle(
  root: string,
  name: string,
  entry: string,
  format?: 'esm' | 'cjs',
  onBuild?: () => void,
  siteRoot?: string | null,
): Promise<string>;

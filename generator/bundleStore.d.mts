/** A manifest's inputs: name -> [fingerprint, hash of the bytes] (bundleManifest.mjs: currentInputs). */
export type BundleInputs = Record<string, [string, string]>;
export declare function engineTempDir(root: string): string | null;
export declare function bundleStoreDir(root: string): string | null;
export declare function storeBundle(root: string, name: string, file: string, inputs: BundleInputs): Promise<void>;
export declare function storedBundle(root: string, name: string, siteRoot: string, cacheDir: string): Promise<string | null>;
export declare function shareCodeCache(root: string, file: string): Promise<void>;

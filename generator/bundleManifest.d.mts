import type { BundleInputs } from './bundleStore.mjs';
export declare const IN_SITE: string;
export declare const fingerprint: (file: string) => string;
export declare const contentHash: (file: string) => string;
export declare const inSite: (siteRoot: string | null, file: string) => string | null;
export declare const inputKey: (root: string, siteRoot: string | null, input: string) => string;
export declare const inputPath: (root: string, siteRoot: string | null, key: string) => string;
export declare function writeAtomic(file: string, data: string | Uint8Array): Promise<void>;
export declare function currentInputs(root: string, siteRoot: string | null, inputs: BundleInputs, siteBytes?: boolean): { inputs: BundleInputs; moved: boolean } | null;

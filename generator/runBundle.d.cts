export declare function runBundle(file: string, cacheAt?: 'exit' | 'now' | 'hook', options?: { provided?: Record<string, unknown>; cacheFor?: string }): unknown;
export declare function saveCodeCache(): void;
export declare function bundleFolder(): string | null;
export interface SiteBundle {
  /** The site's folder. */
  root: string;
  /** Its bundle (selfBundle.mjs: siteBundle). */
  file: string;
}
export declare function useSiteBundle(site: SiteBundle | null): void;
export declare function givenSiteBundle(): SiteBundle | null;

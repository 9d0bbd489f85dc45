/**
 * Once `site dev`'s backend is up (or could not start): says where it is and, for a site with a sign-up
 * page (/auth), how to grant admin to who signs up there; or why it did not start and what the forms use instead. Pages keep rendering either way (status 200); when the
 * widgets must talk to another backend than expected, DevSite.useBackend makes their bundle again.
 */
import type { BackendSettings } from '../config.ts';
import { formatSiteError } from '../core/errors.ts';
import { backendFailure } from './backendFailure.ts';
import type { DevBackend } from './devBackend.ts';
import type { DevSite } from './DevSite.ts';
import { siteRedirectUrls } from './siteRedirectUrls.ts';
import { toWireError } from './toWireError.ts';
import { SIGN_UP_PATH } from './workerProtocol.ts';

export type ServedBackend = BackendSettings & { serviceRoleKey: string; close(): Promise<void> };

export async function announceBackend(
  backend: DevBackend,
  site: DevSite,
  siteUrl: string,
  options: { dataDir: string; dataDirFlag?: string; signUp?: boolean; log: (line: string) => void },
): Promise<ServedBackend | null> {
  const { log, dataDir } = options;
  try {
    const b = await backend.running;
    if (!b) return null;
    // The site's own pages are redirect targets of the mailed links, whatever port it got.
    b.allowRedirectUrls(siteRedirectUrls(siteUrl));
    await site.useBackend({ url: b.apiUrl, anonKey: b.publishableKey });
    const inbox = b.inboxUrl ? `\nInbox (sign-up confirmations, sign-in links): ${b.inboxUrl}` : '';
    const grant = options.signUp
      ? `\nGrant admin after signing up at ${siteUrl}${SIGN_UP_PATH}:\n  npx site admin grant <email> --port ${b.port}${options.dataDirFlag ? ` --data-dir ${options.dataDirFlag}` : ''}`
      : '';
    log(`Backend API: ${b.apiUrl}\nPublishable key: ${b.publishableKey}${inbox}${grant}`);
    return { url: b.apiUrl, anonKey: b.publishableKey, serviceRoleKey: b.serviceRoleKey, close: b.close };
  } catch (e) {
    // Not the site's error: pages keep rendering (status 200), only the forms lack a backend.
    const failure = backendFailure(e, await backend.port);
    log(`\n${formatSiteError(failure ?? toWireError(e))}\n`);
    const fallback = await backend.fallback().catch(() => null);
    await site.useBackend(fallback && { url: fallback.url, anonKey: fallback.anonKey });
    const forms = !fallback
      ? 'show an error'
      : fallback.running
        ? `use ${fallback.url}, the backend that holds ${dataDir}`
        : `use ${fallback.url} and show an error until a backend answers there`;
    log(`The site is served without its own backend: forms ${forms}.`);
    return null;
  }
}

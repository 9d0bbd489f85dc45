/** What build() says about its options before it starts (the same whether it builds or finds it up to date). */
import { existsSync } from 'node:fs';
import type { ResolvedConfig } from '../config.ts';

export function warnAboutConfig(config: ResolvedConfig): void {
  // Only a site with a backend (a supabase/ folder) whose widgets talk to it needs the settings.
  if (!config.backend && config.mode === 'build' && existsSync(config.widgetsDir) && existsSync(config.supabaseDir)) {
    config.log('Warning: no backend settings (SITE_SUPABASE_URL, SITE_SUPABASE_PUBLISHABLE_KEY): forms will show their error message instead of sending.');
  }
}

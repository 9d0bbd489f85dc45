/**
 * Inert stand-in for @supabase/realtime-js. The site never subscribes to
 * Realtime, so the bundler swaps this in (widgetAliases in site.config.ts)
 * to keep supabase-js within the JavaScript budget. Auth, PostgREST and
 * Functions in supabase-js run unchanged.
 */
export class RealtimeClient {
  channels: unknown[] = [];
  setAuth(): Promise<void> {
    return Promise.resolve();
  }
  channel(): never {
    throw new Error('Realtime is not bundled with this site.');
  }
  getChannels(): unknown[] {
    return [];
  }
  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }
  removeAllChannels(): Promise<'ok'[]> {
    return Promise.resolve([]);
  }
}

// Deno entry point (Supabase Edge Runtime): `deno check` types it (see
// deno.test.json); Node type-checks and tests handler.ts, which holds the logic.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { handler } from './handler.ts';

// Set by the platform in every edge function.
const supabaseUrl = requiredEnv('SUPABASE_URL');
const serviceRoleKey = requiredEnv('SUPABASE_SERVICE_ROLE_KEY');
// Set with `supabase secrets set SITE_ALLOWED_ORIGINS=https://decksmith.example,https://www.decksmith.example`.
const allowedOrigins = (Deno.env.get('SITE_ALLOWED_ORIGINS') ?? '')
  .split(',')
  .map((origin) => origin.trim().replace(/\/$/, ''))
  .filter(Boolean);

const admin = createClient(supabaseUrl, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve((request) =>
  handler(request, {
    isAllowedOrigin: (origin) => allowedOrigins.includes(origin),
    async getUser(accessToken) {
      // Asks the auth server: checks the signature, expiry and that the session still exists.
      const { data, error } = await admin.auth.getUser(accessToken);
      if (error || !data.user) return null;
      return { id: data.user.id, email: data.user.email ?? null };
    },
    async isAdmin(userId) {
      const { data, error } = await admin
        .from('user_roles')
        .select('role')
        .eq('user_id', userId)
        .eq('role', 'admin')
        .maybeSingle();
      if (error) throw error;
      return data !== null;
    },
    async insertAudit(entry) {
      const { data, error } = await admin
        .from('admin_audit_log')
        .insert({
          actor_id: entry.actorId,
          actor_email: entry.actorEmail,
          action: entry.action,
          resource_type: entry.resourceType,
          resource_id: entry.resourceId,
        })
        .select('id, action, resource_type, resource_id, created_at')
        .single();
      if (error) throw error;
      return data;
    },
  }),
);

function requiredEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: the Supabase platform sets it in every edge function (locally: pass it to deno run).`);
  return value;
}

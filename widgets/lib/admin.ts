/** Admin calls (spec section 7): role check, audit log, submissions newest first. */
import type { SupabaseClient } from '@supabase/supabase-js';

export interface Submission {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: string;
}

export type AdminAccess = 'admin' | 'not-admin' | 'check-failed';

export async function checkAdmin(supabase: SupabaseClient, userId: string): Promise<AdminAccess> {
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId).eq('role', 'admin').maybeSingle();
  if (error) return 'check-failed';
  return data ? 'admin' : 'not-admin';
}

export async function logAdminView(supabase: SupabaseClient): Promise<void> {
  const { error } = await supabase.functions.invoke('log-admin-action', {
    body: { action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null },
  });
  if (error) console.warn('Could not write the audit log entry:', error.message);
}

export async function listSubmissions(supabase: SupabaseClient): Promise<Submission[] | null> {
  const { data, error } = await supabase.from('contact_submissions').select('*').order('created_at', { ascending: false });
  return error ? null : (data as Submission[]);
}

/** Waitlist calls (spec section 7): insert, then the total row count for the position. */
import type { WaitlistValues } from './forms.ts';
import { WAITLIST_POSITION_OFFSET } from './messages.ts';
import { getSupabase } from './supabase.ts';

export type JoinResult = { ok: true; position: number } | { ok: false; code?: string; error: unknown };

export async function joinWaitlist(values: WaitlistValues): Promise<JoinResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('waitlist').insert(values);
    if (error) return { ok: false, code: error.code, error };
    const { data, error: countError } = await supabase.rpc('waitlist_count');
    if (countError) return { ok: false, code: countError.code, error: countError };
    return { ok: true, position: Number(data) + WAITLIST_POSITION_OFFSET };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Waitlist calls (spec section 7): insert, then the total from public.waitlist_stats for the position. */
import type { WaitlistValues } from './forms.ts';
import { WAITLIST_POSITION_OFFSET } from './messages.ts';
import { getSupabase } from './supabase.ts';

export type JoinResult = { ok: true; position: number } | { ok: false; code?: string; error: unknown };

export async function joinWaitlist(values: WaitlistValues): Promise<JoinResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('waitlist').insert(values);
    if (error) return { ok: false, code: error.code, error };
    // One row, kept by a trigger: the number of people on the list, this visitor included.
    const { data, error: countError } = await supabase.from('waitlist_stats').select('total').single();
    if (countError) return { ok: false, code: countError.code, error: countError };
    return { ok: true, position: Number(data.total) + WAITLIST_POSITION_OFFSET };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The signed-in part of the navigation, plain DOM: shows the /admin link
 * and Sign Out when a session is stored (read without supabase-js). Sign Out
 * loads supabase-js, ends the session and returns to "/".
 */
import { hasStoredSession } from '../lib/session.ts';
import { getSupabase } from '../lib/supabase.ts';

export async function signOutAndGoHome(): Promise<void> {
  try {
    const supabase = await getSupabase();
    await supabase.auth.signOut();
  } catch (e) {
    // The local session is gone either way; the visitor still lands on "/".
    console.warn('Sign out could not reach the backend:', e);
  }
  location.assign('/');
}

export function showSessionControls(root: ParentNode, signedIn: boolean): void {
  // The Sign Out button (data-sign-out) is session-only too, marked or not.
  for (const el of root.querySelectorAll<HTMLElement>('[data-session-only], [data-sign-out]')) el.hidden = !signedIn;
}

/**
 * A confirmation or magic link lands on the site with the session in the URL
 * (#access_token=…&refresh_token=…&expires_in=…&token_type=bearer). Only
 * then is supabase-js loaded here: it stores the session and clears the URL.
 */
export async function adoptSessionFromUrl(): Promise<boolean> {
  if (!/[#&](access_token|error_description)=/.test(location.hash)) return false;
  try {
    const supabase = await getSupabase();
    await supabase.auth.getSession();
  } catch (e) {
    console.warn('Could not read the session from the link:', e);
  }
  // Tokens never stay in the address bar or the history.
  history.replaceState(history.state, '', location.pathname + location.search);
  return true;
}

export default function mount(el: HTMLElement): void {
  showSessionControls(el, hasStoredSession());
  void adoptSessionFromUrl().then((adopted) => adopted && showSessionControls(el, hasStoredSession()));
  for (const b of el.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    b.addEventListener('click', () => {
      b.disabled = true;
      void signOutAndGoHome();
    });
  }
  // Another tab signing in or out updates this one.
  addEventListener('storage', () => showSessionControls(el, hasStoredSession()));
}

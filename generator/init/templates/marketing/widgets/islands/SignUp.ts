/**
 * The island SignUp (this file's name): the early-access form. Its markup is the page's (HomePage.tsx);
 * once the page is idle this code takes over its submit and saves the address in the site's backend
 * (supabase/migrations/: the signups table, which visitors may add to but not read) through the page's
 * supabase-js client, `backend()` from 'skerry/client', which loads on the first sign-up.
 */
import type { Mount } from 'skerry/islands';
import { backend } from 'skerry/client';

/** The signups table, as `npx site gen types` prints it (the part this island uses). */
interface Database {
  public: {
    Tables: { signups: { Row: { id: number; email: string; created_at: string }; Insert: { email: string }; Update: { email?: string }; Relationships: [] } };
    Views: Record<string, never>;
    Functions: Record<string, never>;
  };
}

/** What the form says, from content/home.json (the island's props). */
interface Copy {
  sending: string;
  thanks: string;
  invalid: string;
  failed: string;
}

/** Saves one address; one already on the list counts as saved (the list is not readable, so it says nothing more). */
async function signUp(email: string): Promise<boolean> {
  const db = await backend<Database>();
  const { error } = await db.from('signups').insert({ email });
  return !error || error.code === '23505';
}

const mount: Mount = (el, props) => {
  const form = el.querySelector('form');
  const input = el.querySelector('input');
  const button = el.querySelector('button');
  const status = el.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || !button || !status) return;
  const copy = props.copy as Copy;
  const label = button.textContent;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
      status.textContent = copy.invalid;
      input.focus();
      return;
    }
    button.disabled = true;
    button.textContent = copy.sending;
    void signUp(email)
      .catch(() => false)
      .then((saved) => {
        button.disabled = false;
        button.textContent = label;
        if (!saved) return void (status.textContent = copy.failed);
        form.replaceWith(Object.assign(document.createElement('p'), { textContent: copy.thanks }));
        status.textContent = copy.thanks;
      });
  });
};

export default mount;

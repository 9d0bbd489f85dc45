/**
 * Sign in / sign up (/auth). Spec sections 4, 5, 8: sign in is the default
 * mode, a link toggles sign up; while submitting the button is disabled and
 * reads "Loading..."; a visitor already signed in is sent to /admin.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { mountReact } from 'skerry';
import type { AuthCopy } from '../lib/copy.ts';
import { Field } from '../lib/Field.tsx';
import { limits } from '../lib/forms.ts';
import { messages } from '../lib/messages.ts';
import { getSupabase } from '../lib/supabase.ts';
import { flashToast, toast } from '../lib/toast.ts';

type Mode = 'signIn' | 'signUp';

export function AuthForm({ copy }: { copy: AuthCopy }) {
  const [mode, setMode] = useState<Mode>('signIn');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    getSupabase()
      .then((s) => s.auth.getSession())
      .then(({ data }) => {
        if (live && data.session) location.replace('/admin');
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    setLoading(true);
    try {
      const supabase = await getSupabase();
      if (mode === 'signIn') {
        const { error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) return void toast({ title: messages.authErrorTitle, description: error.message, variant: 'destructive' });
        flashToast(messages.signedIn);
        location.assign('/admin');
      } else {
        const { data: result, error } = await supabase.auth.signUp({ email, password, options: { emailRedirectTo: location.origin } });
        if (error) return void toast({ title: messages.authErrorTitle, description: error.message, variant: 'destructive' });
        toast(messages.signedUp);
        if (result.session) {
          flashToast(messages.signedUp);
          location.assign('/admin');
        }
      }
    } catch {
      toast({ title: messages.authErrorTitle, description: messages.unexpected, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

  const signIn = mode === 'signIn';
  return (
    <div className="auth-card">
      <h2>{signIn ? copy.signInTitle : copy.signUpTitle}</h2>
      <form className="form" onSubmit={onSubmit} aria-busy={loading || undefined}>
        <Field id="auth-email" name="email" type="email" copy={copy.email} required autoComplete="email" />
        <Field
          id="auth-password"
          name="password"
          type="password"
          copy={copy.password}
          required
          minLength={limits.passwordMin}
          autoComplete={signIn ? 'current-password' : 'new-password'}
        />
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? messages.loading : signIn ? copy.signIn : copy.signUp}
        </button>
      </form>
      <p>
        <button type="button" className="link-button" onClick={() => setMode(signIn ? 'signUp' : 'signIn')}>
          {signIn ? copy.toSignUp : copy.toSignIn}
        </button>
      </p>
    </div>
  );
}

export default mountReact(AuthForm);

/**
 * Admin dashboard (/admin). Spec sections 4, 6, 8: loading, then access
 * denied (no admin role or a failed check) or the list of contact
 * submissions newest first. No session: go to /auth. Messages render as
 * text, never as HTML.
 */
import { useEffect, useState } from 'react';
import { mountReact } from '../runtime/mountReact.tsx';
import { checkAdmin, listSubmissions, logAdminView, type Submission } from '../lib/admin.ts';
import type { AdminCopy } from '../lib/copy.ts';
import { messages } from '../lib/messages.ts';
import { getSupabase } from '../lib/supabase.ts';
import { showFlashedToast, toast } from '../lib/toast.ts';
import { signOutAndGoHome } from './NavSession.ts';

type State = { view: 'loading' } | { view: 'denied' } | { view: 'ready'; submissions: Submission[] | null };

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function AdminDashboard({ copy }: { copy: AdminCopy }) {
  const [state, setState] = useState<State>({ view: 'loading' });

  useEffect(() => {
    showFlashedToast();
    void (async () => {
      try {
        const supabase = await getSupabase();
        const { data } = await supabase.auth.getSession();
        const user = data.session?.user;
        if (!user) return location.replace('/auth');
        const access = await checkAdmin(supabase, user.id);
        if (access !== 'admin') {
          toast(
            access === 'check-failed'
              ? { title: 'Error', description: messages.adminCheckFailed, variant: 'destructive' }
              : { ...messages.noAdminRole, variant: 'destructive' },
          );
          return setState({ view: 'denied' });
        }
        await logAdminView(supabase);
        const submissions = await listSubmissions(supabase);
        if (!submissions) toast({ title: 'Error', description: messages.listFailed, variant: 'destructive' });
        setState({ view: 'ready', submissions });
      } catch {
        toast({ title: 'Error', description: messages.adminCheckFailed, variant: 'destructive' });
        setState({ view: 'denied' });
      }
    })();
  }, []);

  if (state.view === 'loading') {
    return (
      <p className="admin-loading" role="status">
        {copy.loading}
      </p>
    );
  }
  if (state.view === 'denied') {
    return (
      <div className="admin-denied">
        <h2>{messages.accessDenied.title}</h2>
        <p>{messages.accessDenied.description}</p>
        <p className="button-row">
          <a className="button" href="/">
            {copy.goHome}
          </a>
          <button type="button" className="button" onClick={() => void signOutAndGoHome()}>
            {copy.signOut}
          </button>
        </p>
      </div>
    );
  }
  const list = state.submissions;
  return (
    <div className="admin-list">
      <h2>{copy.title}</h2>
      <p className="admin-total">{messages.total(list?.length ?? 0)}</p>
      {list === null ? (
        <p role="alert">{messages.listFailed}</p>
      ) : list.length === 0 ? (
        <p>{messages.listEmpty}</p>
      ) : (
        <ol className="submissions">
          {list.map((s) => (
            <li key={s.id} className="submission">
              <dl>
                <dt>{copy.columns.name}</dt>
                <dd>{s.name}</dd>
                <dt>{copy.columns.email}</dt>
                <dd>
                  <a href={`mailto:${s.email}`}>{s.email}</a>
                </dd>
                <dt>{copy.columns.company}</dt>
                <dd>{s.company ?? '—'}</dd>
                <dt>{copy.columns.date}</dt>
                <dd>
                  <time dateTime={s.created_at}>{formatWhen(s.created_at)}</time>
                </dd>
              </dl>
              <p className="submission-message">{s.message}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default mountReact(AdminDashboard);

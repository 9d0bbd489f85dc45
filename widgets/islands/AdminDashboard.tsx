/**
 * Admin dashboard (/admin). Spec sections 4, 6, 8: loading, then access
 * denied (no admin role or a failed check) or the list of contact
 * submissions newest first. No session: go to /auth. Messages render as
 * text, never as HTML.
 *
 * The list is a table (name, email, company, message, date) in a named,
 * focusable region that scrolls sideways on a phone. The count shows only
 * when the list loaded. A stored email is shown as text and becomes a
 * mailto: link only when it is one plain mailbox (mailtoHref), so a stored
 * `?bcc=` cannot add recipients to the admin's reply.
 */
import { useEffect, useState } from 'react';
import { mountReact } from 'skerry';
import { checkAdmin, listSubmissions, logAdminView, type Submission } from '../lib/admin.ts';
import type { AdminCopy } from '../lib/copy.ts';
import { mailtoHref } from '../lib/mailtoHref.ts';
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
  return <SubmissionList copy={copy} submissions={state.submissions} />;
}

/** The authorized view: the list, or the error when it failed to load (then no count). */
export function SubmissionList({ copy, submissions }: { copy: AdminCopy; submissions: Submission[] | null }) {
  const { columns } = copy;
  return (
    <div className="admin-list">
      <h2 id="admin-list-title">{copy.title}</h2>
      {submissions === null ? (
        <p role="alert">{messages.listFailed}</p>
      ) : (
        <>
          <p className="admin-total">{messages.total(submissions.length)}</p>
          {submissions.length === 0 ? (
            <p>{messages.listEmpty}</p>
          ) : (
            <div className="table-scroll submissions-scroll" role="region" aria-labelledby="admin-list-title" tabIndex={0}>
              <table className="submissions">
                <thead>
                  <tr>
                    <th scope="col">{columns.name}</th>
                    <th scope="col">{columns.email}</th>
                    <th scope="col">{columns.company}</th>
                    <th scope="col">{columns.message}</th>
                    <th scope="col">{columns.date}</th>
                  </tr>
                </thead>
                <tbody>
                  {submissions.map((s) => (
                    <tr key={s.id} className="submission">
                      <th scope="row" className="submission-name">
                        {s.name}
                      </th>
                      <td className="submission-email">
                        <EmailAddress address={s.email} />
                      </td>
                      <td className="submission-company">{s.company ?? '—'}</td>
                      <td className="submission-message">{s.message}</td>
                      <td className="submission-date">
                        <time dateTime={s.created_at}>{formatWhen(s.created_at)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The address as text; a link only when it is one plain mailbox. */
function EmailAddress({ address }: { address: string }) {
  const href = mailtoHref(address);
  return href ? <a href={href}>{address}</a> : <span>{address}</span>;
}

export default mountReact(AdminDashboard);

/**
 * Waitlist form (/waitlist). Spec sections 4, 5, 8: while submitting the
 * fields and button are disabled and the button reads "Joining..."; a
 * validation failure toasts the first message; a duplicate email (23505)
 * toasts "Already registered"; success shows the position (count + 64).
 * The confirmation takes focus at its heading and scrolls fully into view,
 * clear of the sticky header (the page's scroll-padding-top), wherever the
 * visitor had scrolled to.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { mountReact } from 'skerry';
import type { WaitlistCopy } from '../lib/copy.ts';
import { Field } from '../lib/Field.tsx';
import { check, limits, waitlistSchema } from '../lib/forms.ts';
import { messages } from '../lib/messages.ts';
import { toast } from '../lib/toast.ts';
import { joinWaitlist } from '../lib/waitlist.ts';

export function WaitlistForm({ copy }: { copy: WaitlistCopy }) {
  const [submitting, setSubmitting] = useState(false);
  const [position, setPosition] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const confirmation = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const heading = confirmation.current;
    if (position === null || !heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  }, [position]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const raw = { ...Object.fromEntries(data), willing_to_give_feedback: data.get('willing_to_give_feedback') === 'on' };
    const result = check(waitlistSchema, raw);
    setErrors(result.errors);
    if (!result.values) {
      toast({ title: messages.waitlistValidationTitle, description: result.first, variant: 'destructive' });
      form.querySelector<HTMLElement>(`[name="${Object.keys(result.errors)[0]}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const joined = await joinWaitlist(result.values);
    setSubmitting(false);
    if (joined.ok) {
      toast(messages.waitlistJoined);
      setPosition(joined.position);
    } else if (joined.code === '23505') {
      toast({ ...messages.waitlistDuplicate, variant: 'destructive' });
    } else {
      console.error('Waitlist signup failed:', joined.error);
      toast({ ...messages.waitlistFailed, variant: 'destructive' });
    }
  }

  if (position !== null) {
    return (
      <div className="waitlist-success" role="status">
        <h2 ref={confirmation} tabIndex={-1}>
          {copy.successTitle}
        </h2>
        <p className="waitlist-position">{copy.successPosition.replace('{position}', String(position))}</p>
        <p>{copy.successNote}</p>
        <a className="button button-primary" href="/">
          {copy.backHome}
        </a>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <fieldset disabled={submitting}>
        <Field id="waitlist-name" name="name" copy={copy.name} error={errors.name} maxLength={limits.waitlist.name} required autoComplete="name" />
        <Field id="waitlist-email" name="email" type="email" copy={copy.email} error={errors.email} maxLength={limits.waitlist.email} required autoComplete="email" />
        <Field id="waitlist-favorite" name="favorite_part" copy={copy.favorite_part} error={errors.favorite_part} rows={3} maxLength={limits.waitlist.favorite_part} required />
        <Field id="waitlist-features" name="desired_features" copy={copy.desired_features} error={errors.desired_features} rows={4} maxLength={limits.waitlist.desired_features} required />
        <div className="field field-checkbox">
          <input type="checkbox" id="waitlist-feedback" name="willing_to_give_feedback" />
          <label htmlFor="waitlist-feedback">{copy.willing_to_give_feedback.label}</label>
        </div>
        <button type="submit" className="button button-primary">
          {submitting ? messages.joining : copy.submit}
        </button>
      </fieldset>
    </form>
  );
}

export default mountReact(WaitlistForm);

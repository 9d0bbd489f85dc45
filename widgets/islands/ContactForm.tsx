/**
 * Contact form inside the contact <dialog> (opened by the footer, the five
 * enterprise buttons and the pricing Enterprise card). Values trimmed and
 * checked with the spec's rules; inserted into contact_submissions with
 * company null when empty. Success: toast, reset, close. Failure: toast,
 * values kept.
 */
import { useRef, useState, type FormEvent } from 'react';
import { mountReact } from 'skerry';
import type { ContactCopy } from '../lib/copy.ts';
import { Field } from '../lib/Field.tsx';
import { check, contactSchema, limits, type ContactValues } from '../lib/forms.ts';
import { messages } from '../lib/messages.ts';
import { getSupabase } from '../lib/supabase.ts';
import { toast } from '../lib/toast.ts';

export async function sendContact(values: ContactValues): Promise<boolean> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('contact_submissions').insert({
      name: values.name,
      email: values.email,
      company: values.company || null,
      message: values.message,
    });
    return !error;
  } catch {
    return false;
  }
}

export function ContactForm({ copy }: { copy: ContactCopy }) {
  const [errors, setErrors] = useState<Partial<Record<keyof ContactValues, string>>>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const raw = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const result = check(contactSchema, raw);
    setErrors(result.errors);
    if (!result.values) {
      const first = Object.keys(result.errors)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    const ok = await sendContact(result.values);
    setSending(false);
    if (!ok) {
      toast({ ...messages.contactFailed, variant: 'destructive' });
      return;
    }
    toast(messages.contactSent);
    form.reset();
    form.closest('dialog')?.close();
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={sending || undefined}>
      <Field id="contact-name" name="name" copy={copy.name} error={errors.name} maxLength={limits.contact.name} required autoComplete="name" />
      <Field id="contact-email" name="email" type="email" copy={copy.email} error={errors.email} maxLength={limits.contact.email} required autoComplete="email" />
      <Field id="contact-company" name="company" copy={copy.company} error={errors.company} maxLength={limits.contact.company} autoComplete="organization" />
      <Field id="contact-message" name="message" copy={copy.message} error={errors.message} rows={4} maxLength={limits.contact.message} required />
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}

export default mountReact(ContactForm);

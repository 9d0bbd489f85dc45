/**
 * The contact dialog shell, opened by every Contact / Schedule a Demo button
 * (commandfor="contact-dialog" command="show-modal"). The form is the
 * ContactForm island, woken by the first interaction inside the dialog;
 * without JavaScript the fallback offers email.
 */
import { contactDialogId } from '../components/ContactButton.tsx';
import { ContactForm } from '../../widgets/islands/ContactForm.tsx';
import { Icon } from '../components/Icon.tsx';
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';

export function ContactDialog() {
  const { site, widgets } = useSite().content;
  return (
    <dialog id={contactDialogId} className="dialog" aria-labelledby="contact-dialog-title">
      <div className="dialog-head">
        <h2 id="contact-dialog-title">{site.contact.heading}</h2>
        <button type="button" className="dialog-close" commandfor={contactDialogId} command="close" aria-label={site.labels.close}>
          <Icon name="X" />
        </button>
      </div>
      <p className="dialog-lead">{site.contact.lead}</p>
      <noscript>
        <p className="island-fallback">
          {site.contact.fallback} <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
        </p>
      </noscript>
      <Island id="contact-root" className="island-root" name="ContactForm" hydrate="interaction" component={ContactForm} props={{ copy: widgets.contact }} />
    </dialog>
  );
}

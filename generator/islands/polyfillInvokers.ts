/**
 * Invoker commands (<button commandfor="id" command="show-modal">) open
 * dialogs with no script in current browsers. Older ones get this small
 * fallback for the dialog commands the site uses.
 */
export function polyfillInvokers(): void {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.('button[commandfor]');
    if (!button) return;
    const target = document.getElementById(button.getAttribute('commandfor') ?? '');
    const command = button.getAttribute('command');
    if (!(target instanceof HTMLDialogElement)) return;
    if (command === 'show-modal' && !target.open) target.showModal();
    if ((command === 'close' || command === 'request-close') && target.open) target.close();
  });
}

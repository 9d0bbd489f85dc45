/**
 * The component picker: the site's article components (markdown.components), one chosen, its props
 * asked for with a form made from their zod schema, and the directive that places it inserted at the
 * cursor (`::tally{label="Votes" start=3}`), or around the selected text for a container.
 */
import type { EditorComponent } from '../editorTypes.ts';
import { h } from './dom.ts';
import { fieldControl } from './renderForm.ts';
import type { FormHooks } from './fieldParts.ts';

export function componentPicker(components: readonly EditorComponent[], insert: (name: string, props: Record<string, unknown>, container: boolean) => void): HTMLElement | null {
  if (components.length === 0) return null;
  const choose = h('select', { id: 'ed-component' }, h('option', { value: '' }, 'Choose a component...'), ...components.map((c) => h('option', { value: c.name }, c.name)));
  const propsBox = h('div', { class: 'ed-component-props' });
  const around = h('input', { id: 'ed-component-around', type: 'checkbox' });
  const button = h('button', { type: 'button', disabled: true }, 'Insert component');
  let props: Record<string, unknown> = {};
  const hooks: FormHooks = { data: props, changed: () => {}, upload: async () => null, images: async () => [] };
  choose.addEventListener('change', () => {
    const c = components.find((x) => x.name === choose.value);
    props = {};
    hooks.data = props;
    // Defaults filled in, so the form shows what the component gets when a prop is left alone.
    for (const f of c?.fields ?? []) if (f.default !== undefined) props[f.name] = f.default;
    propsBox.replaceChildren(...(c?.fields ?? []).map((f) => fieldControl({ ...f }, ['prop', f.name], { ...hooks, data: { prop: props } })));
    button.disabled = !c;
  });
  button.addEventListener('click', () => {
    const c = components.find((x) => x.name === choose.value);
    if (!c) return;
    // In the order the component declares them; props left at their default are left out.
    const given = Object.fromEntries(c.fields.filter((f) => JSON.stringify(props[f.name]) !== JSON.stringify(f.default)).map((f) => [f.name, props[f.name]]));
    insert(c.directive, given, around.checked);
  });
  return h(
    'details',
    { class: 'ed-components' },
    h('summary', {}, 'Insert a component'),
    h('div', { class: 'ed-field' }, h('label', { for: 'ed-component' }, 'Component'), choose),
    propsBox,
    h('div', { class: 'ed-field ed-boolean' }, h('label', { for: 'ed-component-around' }, 'Around the selected text'), around),
    button,
  );
}

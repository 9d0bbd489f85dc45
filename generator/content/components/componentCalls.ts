/**
 * The directives of one text checked against the site's article components: each names a registered
 * component (`callout` or `Callout` is Callout, `pull-quote` is PullQuote) and its attributes are props
 * its zod schema accepts; the schema's result is what the component gets. A mistake is a SiteError naming
 * the file and line of the directive, the component and the prop. Pure.
 */
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';
import { SiteError } from '../../core/errors.ts';
import { nearestName } from '../../core/nearestName.ts';
import type { MarkdownSource } from '../../images/markdownImages.ts';
import type { FoundDirective } from './findDirectives.ts';
import { parseAttributes } from './parseAttributes.ts';

/** A component authors may place in markdown: the React component, and the zod schema of its props (text attributes in). */
export interface ArticleComponent {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  props?: ZodType;
}

/** The site's article components by name (markdown.components in the site config). */
export type ArticleComponents = Record<string, ArticleComponent>;

/** One directive ready to render: a container's end has no component. */
export interface ComponentCall {
  kind: 'leaf' | 'open' | 'close';
  name: string;
  component?: ArticleComponent['component'];
  props?: Record<string, unknown>;
}

/** The component name a directive's name stands for: pull-quote and pullQuote are PullQuote. */
export const componentName = (name: string): string => name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase());

export function componentCalls(found: readonly FoundDirective[], components: ArticleComponents, at: MarkdownSource | undefined): ComponentCall[] {
  return found.map((d) => (d.kind === 'close' ? { kind: 'close', name: '' } : call(d, components, at)));
}

function call(d: FoundDirective, components: ArticleComponents, at: MarkdownSource | undefined): ComponentCall {
  const where = { file: at?.file ?? 'markdown', line: (at?.line ?? 1) + d.line - 1 };
  const name = componentName(d.name);
  const known = Object.keys(components);
  const registered = Object.hasOwn(components, name) ? components[name]! : undefined;
  if (!registered) {
    const near = nearestName(name, known);
    throw new SiteError('ArticleComponentUnknown', { ...where, name: d.name, ...(near ? { near: near.replace(/^./, (c) => c.toLowerCase()) } : {}), known });
  }
  const parsed = parseAttributes(d.attributes ?? '');
  const fail = (prop: string, reason: string, near?: string | null) =>
    new SiteError('ArticleComponentProps', { ...where, component: name, prop, reason, ...(near ? { near } : {}) });
  if ('unreadable' in parsed) throw fail(parsed.unreadable, 'cannot read this attribute: write key="value"');
  const input: Record<string, unknown> = { ...parsed.attributes, ...(d.label !== undefined ? { label: d.label } : {}) };
  const schema = registered.props;
  if (!schema) return { kind: d.kind, name, component: registered.component, props: input };
  // An object schema knows its props: a misspelt attribute is named, not dropped in silence.
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape) {
    for (const prop of Object.keys(input)) {
      if (!Object.hasOwn(shape, prop)) throw fail(prop, `${name} has no such prop`, nearestName(prop, Object.keys(shape)));
    }
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const prop = issue.path.length ? issue.path.join('.') : '(props)';
    throw fail(prop, issue.message.replace(/\.$/, ''));
  }
  return { kind: d.kind, name, component: registered.component, props: result.data as Record<string, unknown> };
}

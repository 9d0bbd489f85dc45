/**
 * What search engines require of each JSON-LD type a page emits: the rule of its @type (the engine's own
 * in jsonLdRules.ts, and those plugins add) lists what is missing. A type without a rule fails, so a
 * typo in @type is caught. Pure.
 */
import { jsonLdRules, type JsonLdRules } from './jsonLdRules.ts';

type Node = Record<string, unknown>;

export function requiredJsonLd(data: unknown, rules: JsonLdRules = jsonLdRules): string[] {
  const node = data as Node;
  if (!node || typeof node !== 'object' || node['@context'] !== 'https://schema.org') return ['a JSON-LD block lacks "@context": "https://schema.org"'];
  const type = String(node['@type'] ?? '');
  const rule = Object.hasOwn(rules, type) ? rules[type] : undefined;
  if (!rule) return [`JSON-LD type "${type}" is not one the checks know; give a plugin a jsonLdRules entry for it (docs/plugins.md)`];
  return rule(node).map((m) => `${type} is missing ${m}`);
}

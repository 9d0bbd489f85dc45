/**
 * What is wrong with one JSON-LD block: it must be schema.org JSON-LD (an object, or a list of them,
 * with a schema.org "@context"; its nodes, or those of its "@graph", each an object with an "@type"),
 * and a node of a type a rule knows (the engine's in jsonLdRules.ts, and those plugins add) must have
 * what that rule requires. Any other schema.org type passes unchecked. Pure.
 */
import { jsonLdRules, type JsonLdRules } from './jsonLdRules.ts';

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/;

/** "https://schema.org" (or http, or with a slash), alone, in a list, or as an object's "@vocab". */
function isSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_ORG.test(context);
  if (Array.isArray(context)) return context.some(isSchemaOrg);
  return isObject(context) && typeof context['@vocab'] === 'string' && SCHEMA_ORG.test(context['@vocab']);
}

function nodeProblems(node: unknown, rules: JsonLdRules): string[] {
  if (!isObject(node)) return ['a JSON-LD node is not an object'];
  const types = [node['@type']].flat().filter((t): t is string => typeof t === 'string' && t !== '');
  if (!types.length) return ['a JSON-LD node lacks "@type" (a schema.org type, e.g. "Event")'];
  // A node of several types (["LocalBusiness", "Restaurant"]) answers to the first one a rule knows.
  const type = types.find((t) => Object.hasOwn(rules, t));
  return type ? rules[type]!(node).map((m) => `${type} is missing ${m}`) : [];
}

export function requiredJsonLd(data: unknown, rules: JsonLdRules = jsonLdRules): string[] {
  return [data].flat().flatMap((block) => {
    if (!isObject(block) || !isSchemaOrg(block['@context'])) return ['a JSON-LD block lacks "@context": "https://schema.org"'];
    const graph = block['@graph'];
    return Array.isArray(graph) ? graph.flatMap((n) => nodeProblems(n, rules)) : nodeProblems(block, rules);
  });
}

/**
 * What is wrong with one JSON-LD block: it must be schema.org JSON-LD (an object, or a list of them,
 * with a schema.org "@context"; its nodes, or those of its "@graph", each an object with an "@type"),
 * and a node of a type a rule knows (the engine's in jsonLdRules.ts, and those plugins add) must have
 * what that rule requires. Any other schema.org type passes unchecked, but a type schema.org does not
 * have (`"HikingTrailz"`), in a node or any object inside one, is named with the nearest one it has
 * (schemaOrgTypes.ts, from schema-dts): a typo would otherwise hide the data from search engines.
 * A type a rule knows (a plugin's own) and one named by a full or prefixed IRI pass. Pure.
 */
import { nearestName } from '../core/nearestName.ts';
import { jsonLdRules, type JsonLdRules } from './jsonLdRules.ts';
import { schemaOrgTypes } from './schemaOrgTypes.ts';

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/;

/** "https://schema.org" (or http, or with a slash), alone, in a list, or as an object's "@vocab". */
function isSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_ORG.test(context);
  if (Array.isArray(context)) return context.some(isSchemaOrg);
  return isObject(context) && typeof context['@vocab'] === 'string' && SCHEMA_ORG.test(context['@vocab']);
}

const typesOf = (node: Node): string[] => [node['@type']].flat().filter((t): t is string => typeof t === 'string' && t !== '');

/** Whether schema.org (or a rule) has the type; an IRI (`https://…`, `schema:Event`) is not checked. */
const knownType = (type: string, rules: JsonLdRules) => type.includes(':') || schemaOrgTypes.has(type) || Object.hasOwn(rules, type);

const unknownType = (type: string) => {
  const near = nearestName(type, [...schemaOrgTypes]);
  return `"${type}" is not a schema.org type${near ? `: did you mean "${near}"?` : ' (https://schema.org/docs/full.html lists them)'}`;
};

/** The types of a node and of every object inside it (its author, its offers, …) that schema.org lacks. */
function unknownTypes(value: unknown, rules: JsonLdRules, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) unknownTypes(item, rules, into);
  else if (isObject(value)) {
    for (const type of typesOf(value)) if (!knownType(type, rules) && !into.includes(type)) into.push(type);
    for (const [key, inner] of Object.entries(value)) if (key !== '@context') unknownTypes(inner, rules, into);
  }
  return into;
}

function nodeProblems(node: unknown, rules: JsonLdRules): string[] {
  if (!isObject(node)) return ['a JSON-LD node is not an object'];
  const types = typesOf(node);
  if (!types.length) return ['a JSON-LD node lacks "@type" (a schema.org type, e.g. "Event")'];
  const unknown = unknownTypes(node, rules);
  if (unknown.length) return unknown.map(unknownType);
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

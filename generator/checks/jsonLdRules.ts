/**
 * The engine's rules for the schema.org types it knows (Google's structured-data documentation: the
 * required properties for a rich result, and what makes the item usable at all). A plugin adds rules
 * for more types (its `jsonLdRules`). Pure.
 */
export type JsonLdRule = (node: Record<string, unknown>) => string[];
export type JsonLdRules = Readonly<Record<string, JsonLdRule>>;

type Node = Record<string, unknown>;

const has = (n: Node, key: string) => n[key] !== undefined && n[key] !== null && n[key] !== '';

/** The properties of `keys` a node lacks. */
export const missing = (n: Node, keys: string[]): string[] => keys.filter((k) => !has(n, k));

export const jsonLdRules: JsonLdRules = {
  WebSite: (n) => missing(n, ['name', 'url']),
  Organization: (n) => missing(n, ['name', 'url', 'logo']),
  SoftwareApplication: (n) => [...missing(n, ['name', 'offers']), ...(has(n, 'aggregateRating') || has(n, 'review') ? [] : ['aggregateRating or review'])],
  Product: (n) => [...missing(n, ['name']), ...(has(n, 'offers') || has(n, 'review') || has(n, 'aggregateRating') ? [] : ['offers, review or aggregateRating'])],
  BlogPosting: (n) => missing(n, ['headline', 'datePublished', 'author', 'image']),
  // An Article subtype (documentation, how-tos). Google's Article docs require no property and recommend
  // author, datePublished, dateModified, headline and image: a doc page often has no date or image, so
  // what it must say is what the article is and who wrote it.
  TechArticle: (n) => missing(n, ['headline', 'author']),
  BreadcrumbList: (n) => {
    const items = n.itemListElement;
    if (!Array.isArray(items) || items.length < 2) return ['itemListElement (at least two items)'];
    return items.flatMap((it: Node, i) => missing(it, ['position', 'name', 'item']).map((k) => `itemListElement[${i}].${k}`));
  },
};

/**
 * What search engines require of each JSON-LD type the site emits (Google's
 * structured-data documentation: the required properties for a rich
 * result, and what makes the item usable at all). Returns what is missing.
 * Pure.
 */
type Node = Record<string, unknown>;

const has = (n: Node, key: string) => n[key] !== undefined && n[key] !== null && n[key] !== '';

const rules: Record<string, (n: Node) => string[]> = {
  WebSite: (n) => ['name', 'url'].filter((k) => !has(n, k)),
  Organization: (n) => ['name', 'url', 'logo'].filter((k) => !has(n, k)),
  SoftwareApplication: (n) => [
    ...['name', 'offers'].filter((k) => !has(n, k)),
    ...(has(n, 'aggregateRating') || has(n, 'review') ? [] : ['aggregateRating or review']),
  ],
  Product: (n) => [
    ...(has(n, 'name') ? [] : ['name']),
    ...(has(n, 'offers') || has(n, 'review') || has(n, 'aggregateRating') ? [] : ['offers, review or aggregateRating']),
  ],
  BlogPosting: (n) => ['headline', 'datePublished', 'author', 'image'].filter((k) => !has(n, k)),
  // An Article subtype (documentation, how-tos). Google's Article docs require no property and recommend
  // author, datePublished, dateModified, headline and image: a doc page often has no date or image, so
  // what it must say is what the article is and who wrote it.
  TechArticle: (n) => ['headline', 'author'].filter((k) => !has(n, k)),
  BreadcrumbList: (n) => {
    const items = n.itemListElement;
    if (!Array.isArray(items) || items.length < 2) return ['itemListElement (at least two items)'];
    return items.flatMap((it: Node, i) => ['position', 'name', 'item'].filter((k) => !has(it, k)).map((k) => `itemListElement[${i}].${k}`));
  },
};

export function requiredJsonLd(data: unknown): string[] {
  const node = data as Node;
  if (!node || typeof node !== 'object' || node['@context'] !== 'https://schema.org') return ['a JSON-LD block lacks "@context": "https://schema.org"'];
  const type = String(node['@type'] ?? '');
  const rule = rules[type];
  if (!rule) return [`JSON-LD type "${type}" is not one the checks know; add its rule to generator/checks/requiredJsonLd.ts`];
  return rule(node).map((m) => `${type} is missing ${m}`);
}

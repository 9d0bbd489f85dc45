/** What the structured-data check asks of a TechArticle (a documentation page). */
import { describe, expect, it } from 'vitest';
import { requiredJsonLd } from '../../../generator/checks/requiredJsonLd.ts';

const article = { '@context': 'https://schema.org', '@type': 'TechArticle', headline: 'Caching', author: { '@type': 'Organization', name: 'Tern' } };

describe('requiredJsonLd: TechArticle', () => {
  it('accepts a TechArticle with a headline and an author, without dates or image', () => {
    expect(requiredJsonLd(article)).toEqual([]);
  });

  it('names the headline and the author when they are missing', () => {
    const { headline: _, author: __, ...bare } = article;
    expect(requiredJsonLd(bare)).toEqual(['TechArticle is missing headline', 'TechArticle is missing author']);
  });
});

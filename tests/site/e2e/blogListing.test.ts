/**
 * The blog's listing pages in Chromium: an article card opens its article from anywhere on the card,
 * except its category label, which opens the category's page; the category links lead there too, and
 * a category page leads back to every article.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveThisSite, watchErrors, type ServedSite } from '../../e2e/harness.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveThisSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('blog listing pages', () => {
  it('a card opens its article, its category label the category page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${site.server.url}/blog`);
    const card = page.locator('[data-blog-cards] > li').first();
    const slug = await card.getAttribute('data-slug');
    const category = (await card.locator('.post-category a').textContent())!;
    // The description is no link of its own: the card's title link covers it (a click where it shows).
    const text = (await card.locator('.post-description').boundingBox())!;
    await Promise.all([page.waitForURL(`**/blog/${slug}`), page.mouse.click(text.x + 10, text.y + 5)]);
    expect(path(page)).toBe(`/blog/${slug}`);

    await page.goto(`${site.server.url}/blog`);
    const label = page.locator('[data-blog-cards] > li').first().locator('.post-category a');
    // On screen the category sits above the title, as before it became a link.
    const [labelBox, titleBox] = [await label.boundingBox(), await page.locator('[data-blog-cards] > li').first().locator('.post-title').boundingBox()];
    expect(labelBox!.y).toBeLessThan(titleBox!.y);
    await Promise.all([page.waitForURL(`**/blog/category/${category.toLowerCase()}`), label.click()]);
    expect(await page.locator('h1').textContent()).toBe(category);
    expect(await page.locator('nav.category-links a[aria-current="page"]').textContent()).toBe(category);

    await Promise.all([page.waitForURL('**/blog'), page.locator('nav.category-links a[href="/blog"]').click()]);
    expect(await page.locator('[data-blog-cards] > li').count()).toBe(7);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * A site in three languages (tests/fixtures/i18n-site: English by default, German, Arabic right to left),
 * built by the real CLI: every page names its translations both ways with x-default, the sitemap carries
 * them, each locale has its own feed and search index, an untranslated post gets a marked fallback page,
 * and a gap in the strings or a missing translation (under the "error" rule) fails the build by name.
 * Edited copies of it are built in this process (their errors as the CLI prints them).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHere, type Built } from './buildHere.ts';
import { hashTree, runSite, type Run } from './runSite.ts';

const fixture = fileURLToPath(new URL('../fixtures/i18n-site', import.meta.url));
const SITE_URL = 'https://atlas.example';

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m.slice(1));
const hreflangs = (html: string) => Object.fromEntries(all(html, /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g).map(([l, h]) => [l!, h!]));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const urlOf = (file: string) => (file === 'index.html' ? `${SITE_URL}/` : `${SITE_URL}/${file.replace(/\.html$/, '')}`);
const fileOf = (url: string) => {
  const p = url.slice(SITE_URL.length).replace(/^\//, '');
  return p === '' ? 'index.html' : `${p}.html`;
};

let tmp: string;
let out: string;
let build: Run;
const page = (file: string) => readFile(path.join(out, file), 'utf8');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-i18n-'));
  out = path.join(tmp, 'out');
  build = await runSite(fixture, 'build', '--out', out, '--cache-dir', path.join(tmp, 'cache'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A copy of the fixture built in this process into its dist folder. */
const buildCopy = (site: string): Promise<Built> => buildHere({ root: site, out: path.join(site, 'dist'), cacheDir: path.join(site, 'cache') });

/** The fixture copied to a folder of its own, `edit` applied, then built: the run. */
async function buildEdited(name: string, edit: (site: string) => Promise<void>): Promise<Built> {
  const site = path.join(tmp, name);
  await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
  await edit(site);
  return buildCopy(site);
}

describe('the multilingual fixture, built by the CLI', () => {
  it('builds every locale, its pages at their prefix', async () => {
    expect(build.code, build.stderr).toBe(0);
    for (const file of ['index.html', 'de.html', 'ar.html', 'blog/first-map.html', 'de/blog/first-map.html', 'ar/blog/night-walks.html', 'de/blog/trail-notes.html']) {
      expect((await page(file)).startsWith('<!doctype html>'), file).toBe(true);
    }
  });

  it('gives each page the lang and dir of its locale', async () => {
    expect(await page('blog/first-map.html')).toContain('<html lang="en" dir="ltr">');
    expect(await page('de/about.html')).toContain('<html lang="de" dir="ltr">');
    expect(await page('ar/blog.html')).toContain('<html lang="ar" dir="rtl">');
  });

  it('links every indexable page to each translation both ways, with x-default', async () => {
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && f !== '404.html');
    let linked = 0;
    for (const file of files) {
      const html = await page(file);
      // Fallback pages are noindex; the untranslated original has no translation to name (both asserted below).
      if (html.includes('name="robots" content="noindex') || file === 'blog/trail-notes.html') continue;
      const links = hreflangs(html);
      expect(Object.keys(links).sort(), file).toEqual(['ar', 'de', 'en', 'x-default']);
      expect(links.en, file).toBe(links['x-default']);
      expect(Object.values(links), file).toContain(urlOf(file));
      // Both ways: each translation names this page too.
      for (const [lang, href] of Object.entries(links)) if (lang !== 'x-default') expect(hreflangs(await page(fileOf(href))), `${file} <- ${href}`).toEqual(links);
      linked++;
    }
    expect(linked).toBe(3 * 5); // home, about, blog, two translated posts, per locale
  });

  it('carries og:locale and the other locales as og:locale:alternate', async () => {
    const html = await page('de/blog/first-map.html');
    expect(html).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(all(html, /<meta property="og:locale:alternate" content="([^"]+)"/g).flat()).toEqual(['en_US', 'ar_AR']);
  });

  it('lists the alternates of every page in the sitemap, and no fallback page', async () => {
    const xml = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = all(xml, /<url>(.*?)<\/url>/g).map(([u]) => u!);
    // 15 translated pages, and the untranslated post's original, which has no translation to name.
    expect(urls).toHaveLength(16);
    expect(urls.filter((u) => !u.includes('xhtml:link'))).toEqual([`<loc>${SITE_URL}/blog/trail-notes</loc><lastmod>2026-07-20</lastmod>`]);
    for (const u of urls.filter((u) => u.includes('xhtml:link'))) {
      expect(all(u, /hreflang="([^"]+)"/g).flat(), u).toEqual(['en', 'de', 'ar', 'x-default']);
    }
    expect(xml).toContain(`<url><loc>${SITE_URL}/ar/blog/first-map</loc><lastmod>2026-03-14</lastmod><xhtml:link rel="alternate" hreflang="en" href="${SITE_URL}/blog/first-map"/>`);
    expect(xml).not.toContain('/de/blog/trail-notes');
    expect(xml).not.toContain('/ar/blog/trail-notes');
  });

  it('gives an untranslated post a marked fallback page: noindex, canonical to the original, in no other page\'s hreflang', async () => {
    const html = await page('de/blog/trail-notes.html');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(canonicalOf(html)).toBe(`${SITE_URL}/blog/trail-notes`);
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<p role="note">Dieser Beitrag ist noch nicht übersetzt');
    expect(html).toContain('<div lang="en"><h1>Trail notes</h1>');
    expect(hreflangs(html)).toEqual({});
    const original = await page('blog/trail-notes.html');
    expect(hreflangs(original)).toEqual({});
    expect(canonicalOf(original)).toBe(`${SITE_URL}/blog/trail-notes`);
  });

  it('writes a feed per locale, of that locale\'s own posts, linked from its pages', async () => {
    const feeds = { en: 'feed.xml', de: 'de/feed.xml', ar: 'ar/feed.xml' };
    for (const [code, file] of Object.entries(feeds)) {
      const xml = await readFile(path.join(out, file), 'utf8');
      expect(xml, file).toContain(`<language>${code}</language>`);
      const links = all(xml, /<item>.*?<link>([^<]+)<\/link>/gs).flat();
      expect(links.length, file).toBe(code === 'en' ? 3 : 2);
      const prefix = code === 'en' ? `${SITE_URL}/blog/` : `${SITE_URL}/${code}/blog/`;
      for (const link of links) expect(link.startsWith(prefix), link).toBe(true);
    }
    expect(await page('ar/about.html')).toContain(`<link rel="alternate" type="application/rss+xml" title="أطلس" href="${SITE_URL}/ar/feed.xml"/>`);
    expect(await page('de/about.html')).toContain(`href="${SITE_URL}/de/feed.xml"`);
  });

  it('writes a search index per locale, of that locale\'s posts', async () => {
    for (const code of ['en', 'de', 'ar']) {
      const manifest = JSON.parse(await readFile(path.join(out, `search/${code}/index.json`), 'utf8')) as { docs: string[] };
      const docs = (
        await Promise.all(manifest.docs.map(async (c) => JSON.parse(await readFile(path.join(out, c), 'utf8')) as unknown))
      ).flat();
      const urls = (docs as [string, string, string][]).map(([url]) => url).sort();
      const at = code === 'en' ? '' : `/${code}`;
      expect(urls, code).toEqual(code === 'en' ? ['/blog/first-map', '/blog/night-walks', '/blog/trail-notes'] : [`${at}/blog/first-map`, `${at}/blog/night-walks`]);
    }
    const de = await readFile(path.join(out, 'search/de/index.json'), 'utf8');
    expect(de).not.toBe(await readFile(path.join(out, 'search/en/index.json'), 'utf8'));
  });

  it("names on each page its locale's search index, which searchIndex() reads there", async () => {
    const meta = (html: string) => /<meta name="search-index" content="([^"]+)"\/>/.exec(html)?.[1];
    expect(meta(await page('de/blog/first-map.html'))).toBe('/search/de/index.json');
    expect(meta(await page('ar/about.html'))).toBe('/search/ar/index.json');
    expect(meta(await page('blog/first-map.html'))).toBe('/search/en/index.json');
    expect(build.stderr).not.toContain('search index');
  });

  it('shows strings and dates in the page\'s locale, and a switcher to every translation', async () => {
    const de = await page('de/blog/first-map.html');
    expect(de).toContain('<a href="#main" class="skip">Zum Inhalt springen</a>');
    expect(de).toContain('<time dateTime="2026-03-14">14. März 2026</time>');
    expect(await page('blog/first-map.html')).toContain('<time dateTime="2026-03-14">March 14, 2026</time>');
    expect(de).toContain('<nav aria-label="Sprachen"><ul><li><a href="/blog/first-map" hrefLang="en" lang="en">English</a></li>');
    expect(de).toContain('<a href="/de/blog/first-map" hrefLang="de" lang="de" aria-current="page">Deutsch</a>');
  });

  it('writes the same pages when worker threads render them (their route table linked as the plan links it)', async () => {
    const workers = path.join(tmp, 'workers');
    const run = await runSite(fixture, 'build', '--out', workers, '--cache-dir', path.join(tmp, 'cache-workers'), '--workers', '2');
    expect(run.stdout).toContain('2 workers');
    expect(await hashTree(workers)).toEqual(await hashTree(out));
  });

  it('renders again the pages of a locale whose strings file changed, from a warm cache', async () => {
    const site = path.join(tmp, 'warm');
    await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
    expect((await buildCopy(site)).code).toBe(0);
    const file = path.join(site, 'content/strings/de.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('published: "Veröffentlicht"', 'published: "Erschienen"'));
    const warm = await buildCopy(site);
    expect(warm.code, warm.stderr).toBe(0);
    expect(await readFile(path.join(site, 'dist/de/blog/first-map.html'), 'utf8')).toContain('Erschienen <time');
    expect(await readFile(path.join(site, 'dist/blog/first-map.html'), 'utf8')).toContain('Published <time');
  });

  it('fails on a string a locale lacks, naming the locale, the key and the file', async () => {
    const run = await buildEdited('missing-key', async (site) => {
      const file = path.join(site, 'content/strings/de.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^published: .*\n/m, ''));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[StringMissing]');
    expect(run.stderr).toContain('strings/de.yaml (locale "de") has no string "published".');
  });

  it('fails on a missing translation under the "error" rule, naming the entry and the locale', async () => {
    const run = await buildEdited('fallback-error', async (site) => {
      const file = path.join(site, 'templates/collections.ts');
      await writeFile(file, (await readFile(file, 'utf8')).replace("fallback: 'page'", "fallback: 'error'"));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[TranslationMissing]');
    expect(run.stderr).toContain('blog/trail-notes.md has no translation in the locale "de".');
  });
});

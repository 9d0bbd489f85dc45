/**
 * The whole site, built in memory from the real content: every route carries
 * its sections, with the spec's counts, texts and links, and the structured
 * data agrees with what the page shows.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.ts';
import { formatDate } from '../../../templates/format/formatDate.ts';
import { contentDir } from './helpers/content.ts';
import type { Content } from '../../../templates/collections.ts';

let result: BuildResult;
const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
const parsed = new Map<string, Document>();

const quiet = { write: false, backend: null, log: () => {} } as const;
beforeAll(async () => {
  result = await build(quiet);
}, 60_000);

function page(url: string): Document {
  let doc = parsed.get(url);
  if (!doc) {
    const built = result.pages.find((p) => p.url === url);
    if (!built) throw new Error(`no page ${url}`);
    doc = new window.DOMParser().parseFromString(built.html!, 'text/html') as unknown as Document;
    parsed.set(url, doc);
  }
  return doc;
}
const html = (url: string) => result.pages.find((p) => p.url === url)!.html;
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const all = (root: ParentNode, sel: string) => [...root.querySelectorAll(sel)];
const mainText = (url: string) => text(page(url).querySelector('main'));
const opensContact = (el: Element) => el.getAttribute('commandfor') === 'contact-dialog' && el.getAttribute('command') === 'show-modal';
const buttonNamed = (doc: Document, label: string) => all(doc, 'button').find((b) => text(b) === label);
const content = () => result.content.collections as Content;
const site = () => content().site;
const MMMMdyyyy = /^(January|February|March|April|May|June|July|August|September|October|November|December) [1-9]\d?, \d{4}$/;

describe('every page', () => {
  it('has one h1, the nav, the footer and the contact dialog', () => {
    expect(result.pages).toHaveLength(22);
    for (const { url } of result.pages) {
      const doc = page(url);
      expect(all(doc, 'h1'), url).toHaveLength(1);
      const nav = doc.querySelector('header nav')!;
      expect(nav.querySelector('a.nav-logo')?.getAttribute('href'), url).toBe('/');
      const navHrefs = all(nav, '#nav-panel .nav-links a').map((a) => a.getAttribute('href'));
      expect(navHrefs, url).toEqual(['/use-cases', '/blog', '/enterprise', '/pricing', '/admin']);
      const admin = nav.querySelector('li[data-session-only]')!;
      expect(admin.hasAttribute('hidden') && text(admin) === site().labels.admin, url).toBe(true);
      const signOut = nav.querySelector('button[data-sign-out]')!;
      expect(signOut.hasAttribute('hidden') && text(signOut) === site().labels.signOut, url).toBe(true);
      expect(text(nav.querySelector(`a[href="${site().chromeStoreUrl}"]`)), url).toBe(site().addToChrome);
      expect(nav.querySelector('#nav-panel')?.getAttribute('popover'), url).toBe('auto');
      expect(nav.querySelector('button[popovertarget="nav-panel"]:not([popovertargetaction])'), url).not.toBeNull();
      expect(nav.querySelector('#nav-panel button[popovertarget="nav-panel"][popovertargetaction="hide"]'), url).not.toBeNull();
      const footerHrefs = all(doc, 'footer nav a').map((a) => a.getAttribute('href'));
      expect(footerHrefs, url).toEqual(['/use-cases', '/blog', '/pricing', '/enterprise', '/privacy', '/terms', '/ai-overview']);
      const contact = buttonNamed(doc, site().contactLabel)!;
      expect(contact.closest('footer') && opensContact(contact), url).toBeTruthy();
      expect(doc.querySelector('dialog#contact-dialog[aria-labelledby] #contact-root'), url).not.toBeNull();
    }
  });

  it('shows no placeholder copy', () => {
    for (const { url, html } of result.pages) expect(html, url).not.toMatch(/Question \d\?|Lorem ipsum|TODO/);
  });
});

describe('home', () => {
  const home = () => content().pages.home;

  it('has the hero with Watch Demo and the 16:9 demo dialog shell', () => {
    const doc = page('/');
    const watch = buttonNamed(doc, home().hero.watchDemo)!;
    expect([watch.getAttribute('commandfor'), watch.getAttribute('command')]).toEqual(['demo-dialog', 'show-modal']);
    const dialog = doc.querySelector('dialog#demo-dialog')!;
    expect(doc.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(home().demo.heading);
    expect(dialog.querySelector('.video-frame')?.getAttribute('data-video-src')).toBe(site().demoVideoUrl);
    expect(dialog.querySelector('button[commandfor="demo-dialog"][command="close"]')).not.toBeNull();
  });

  it('has four feature cards, three steps, the typing prompt, investors, the testimonial and the closing call', () => {
    const doc = page('/');
    expect(all(doc, '[data-feature-card] h3').map(text)).toEqual([
      'Learns Your Exact Brand',
      'Built Into Google Slides',
      'Your Style, Protected',
      'Scale Your Deck',
    ]);
    expect(all(doc, '[data-step] h3').map(text)).toEqual(['Share your deck', 'Describe what you need', 'Get custom slides']);
    const prompt = doc.querySelector('[data-typing]')!;
    expect(text(prompt)).toBe(home().examples.prompt);
    expect(Number(/(\d+)[ -]slides?/.exec(text(prompt))?.[1])).toBeGreaterThanOrEqual(10);
    expect(doc.querySelector('[aria-labelledby="investors-heading"] .investor')).not.toBeNull();
    expect(text(doc.querySelector('[data-testimonial]'))).toMatch(/hundreds of hours/);
    const cta = text(doc.querySelector('.cta-band'));
    for (const point of ['Free to install', 'No credit card required', 'Setup in minutes']) expect(cta).toContain(point);
  });

  it('states the marketing claims exactly', () => {
    const body = mainText('/');
    for (const claim of ['Setup in 60 seconds', '10+ hours saved per week', '80% less design time', '3x faster', 'typically under 30 seconds']) {
      expect(body).toContain(claim);
    }
  });
});

describe('enterprise', () => {
  it('has six cards, the knowledge base, dynamic fields, integrations and eight security items', () => {
    const doc = page('/enterprise');
    expect(all(doc, '[data-feature-card]')).toHaveLength(6);
    const kb = text(doc.querySelector('[data-kb-items]'));
    for (const k of ['Brand voice', 'Personas', 'Products', 'Value propositions', 'Differentiators']) expect(kb).toContain(k);
    const table = doc.querySelector('[data-compare-table]')!;
    expect(all(table, 'thead th').map(text)).toEqual(['Capability', 'Chrome extension', 'Enterprise']);
    const tiles = all(doc, '[data-integration]').map((t) => t.getAttribute('data-integration'));
    expect(tiles).toEqual(['Salesforce', 'Hubspot', 'Attio', 'Gong', 'Slack', 'Tableau', 'Looker', 'Power BI']);
    for (const img of all(doc, '[data-integration] img')) expect(img.getAttribute('alt')).toBe(img.closest('li')!.getAttribute('data-integration'));
    const security = all(doc, '[data-security-list] li').map(text);
    expect(security).toHaveLength(8);
    for (const s of ['SOC2', 'Role-based access', 'Single sign-on', 'Audit logging', 'Data residency', '99.9% uptime SLA']) {
      expect(security.some((item) => item.includes(s)), s).toBe(true);
    }
  });

  it('shows the example API request with template, data_source, schedule and delivery', () => {
    const code = text(page('/enterprise').querySelector('[data-api-example] code'));
    expect(code.startsWith('POST /api/v1/presentations')).toBe(true);
    const body = JSON.parse(code.slice(code.indexOf('{')));
    expect(Object.keys(body)).toEqual(['template', 'data_source', 'schedule', 'delivery']);
    expect(body.delivery).toEqual(['email', 'slack']);
  });

  it('opens the contact dialog from its five buttons and links to /pricing', () => {
    const doc = page('/enterprise');
    for (const label of ['Schedule a Demo', 'See Dynamic Fields in Action', 'Discuss Security Requirements', 'Request API Documentation', 'Contact Sales']) {
      const button = buttonNamed(doc, label);
      expect(button && opensContact(button), label).toBe(true);
    }
    expect(doc.querySelector('main a[href="/pricing"]')).not.toBeNull();
  });
});

describe('pricing', () => {
  it('has the three plan cards of the spec', () => {
    const cards = all(page('/pricing'), '[data-plan]');
    expect(cards.map((c) => [c.getAttribute('data-plan'), text(c.querySelector('.plan-price'))])).toEqual([
      ['Starter', '$0/month'],
      ['Pro', '$19/month'],
      ['Enterprise', 'Custom'],
    ]);
    expect(text(cards[1]!.querySelector('.plan-badge'))).toBe('Most Popular');
    const [starter, pro, enterprise] = cards.map((c) => c.querySelector('button')!);
    for (const b of [starter!, pro!]) expect([text(b), b.getAttribute('type'), b.hasAttribute('commandfor')]).toEqual(['Get Started', 'button', false]);
    expect(text(enterprise) === 'Contact Us' && opensContact(enterprise!)).toBe(true);
  });

  it('strikes through the features a plan lacks, with a label for screen readers', () => {
    const struck = (name: string) => all(page('/pricing'), `[data-plan="${name}"] s`);
    const label = content().pages.pricing.notIncludedLabel;
    expect(struck('Starter').map(text)).toEqual([`${label} Email and chat support`, `${label} Integrations`]);
    expect(struck('Pro').map(text)).toEqual([`${label} Integrations`]);
    expect(struck('Enterprise')).toHaveLength(0);
    for (const s of all(page('/pricing'), 's')) expect(s.querySelector('.visually-hidden')?.textContent?.trim()).toBe(label);
  });

  it('has an exclusive FAQ of eight real questions, the help section, /enterprise and the support mailto', () => {
    const doc = page('/pricing');
    const faq = all(doc, 'details[name="faq"]');
    expect(faq).toHaveLength(8);
    expect(faq.some((d) => d.hasAttribute('open'))).toBe(false);
    const qa = faq.map(text).join(' ');
    for (const topic of [/billed at the start/, /free trial/i, /cancel/i, /longer than 24 hours/, /AI credits/, /theme/, /secure/, /Enterprise/]) expect(qa).toMatch(topic);
    expect(doc.querySelector('[aria-labelledby="help-heading"]')).not.toBeNull();
    expect(doc.querySelector('main a[href="/enterprise"]')).not.toBeNull();
    expect(doc.querySelector(`main a[href="mailto:${site().supportEmail}"]`)).not.toBeNull();
  });

  it('structured data offers the prices the cards show', () => {
    const ld = all(page('/pricing'), 'script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent!));
    const offers = ld.find((d) => d['@type'] === 'Product').offers.offers as { name: string; price: string }[];
    for (const o of offers) expect(text(page('/pricing').querySelector(`[data-plan="${o.name}"] .plan-amount`))).toBe(`$${o.price}`);
  });
});

describe('blog', () => {
  it('lists seven cards with date, read time, title, description, link and a lowercase search key', () => {
    const doc = page('/blog');
    const cards = all(doc, '[data-blog-cards] > li');
    expect(cards).toHaveLength(7);
    for (const [i, card] of cards.entries()) {
      const post = content().posts[i]!;
      expect(card.querySelector('a')?.getAttribute('href')).toBe(`/blog/${post.slug}`);
      expect(text(card.querySelector('.post-title'))).toBe(post.title);
      expect(text(card.querySelector('.post-description'))).toBe(post.description);
      expect(text(card.querySelector('time'))).toMatch(MMMMdyyyy);
      expect(text(card.querySelector('time'))).toBe(formatDate(post.date));
      expect(text(card.querySelector('.read-time'))).toBe(post.readTime);
      expect(card.getAttribute('data-search')).toBe(`${post.title} ${post.description}`.toLowerCase());
    }
    expect(doc.querySelector('main a[href="/pricing"]')).not.toBeNull();
  });

  it('shows every article on one page: category links, no pagination, each card\'s category linking to its page', () => {
    const doc = page('/blog');
    const { listing } = content().pages.blog;
    const nav = doc.querySelector(`nav.category-links[aria-label="${listing.categoriesLabel}"]`)!;
    expect(all(nav, 'a').map((a) => [text(a), a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      [listing.allLabel, '/blog', 'page'],
      ['Opinion', '/blog/category/opinion', null],
      ['Comparisons', '/blog/category/comparisons', null],
      ['Tools', '/blog/category/tools', null],
    ]);
    expect(doc.querySelector('nav.pagination')).toBeNull();
    expect(result.pages.some((p) => p.url.startsWith('/blog/page/'))).toBe(false);
    for (const [i, card] of all(doc, '[data-blog-cards] > li').entries()) {
      const category = card.querySelector('.post-category a')!;
      expect(text(category)).toBe(content().posts[i]!.category);
      expect(category.getAttribute('href')).toBe(`/blog/category/${content().posts[i]!.category.toLowerCase()}`);
    }
  });

  it('category pages list their articles, newest first, under breadcrumbs Home > Blog > category', () => {
    for (const name of ['Opinion', 'Comparisons', 'Tools'] as const) {
      const url = `/blog/category/${name.toLowerCase()}`;
      const doc = page(url);
      expect(text(doc.querySelector('h1')), url).toBe(name);
      expect(text(doc.querySelector('.page-hero .lead')), url).toBe(content().pages.blog.listing.categories[name]);
      expect(all(doc, 'nav.breadcrumbs li').map(text), url).toEqual(['Home', 'Blog', name]);
      const slugs = all(doc, '[data-blog-cards] > li').map((li) => li.getAttribute('data-slug'));
      expect(slugs, url).toEqual(content().posts.filter((p) => p.category === name).map((p) => p.slug));
      expect(doc.querySelector(`nav.category-links a[aria-current="page"]`)?.getAttribute('href'), url).toBe(url);
      // The search form filters /blog; a category page has none, nor pagination with so few articles.
      expect(doc.querySelector('form[role="search"]'), url).toBeNull();
      expect(doc.querySelector('nav.pagination'), url).toBeNull();
      expect(doc.querySelector('main a[href="/pricing"]'), url).not.toBeNull();
    }
  });

  it('has a search form that works without JavaScript', () => {
    const form = page('/blog').querySelector('form[role="search"]')!;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/blog', 'get']);
    const input = form.querySelector('input[type="search"][name="q"]')!;
    expect(form.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
  });

  it('article pages: header, back link, breadcrumbs, up to three related articles (never itself) and /pricing', () => {
    for (const post of content().posts) {
      const url = `/blog/${post.slug}`;
      const doc = page(url);
      expect(text(doc.querySelector('h1'))).toBe(post.title);
      expect(text(doc.querySelector('.article-header time'))).toBe(formatDate(post.date));
      expect(text(doc.querySelector('.article-header'))).toContain(post.readTime);
      expect(doc.querySelector('a.back-link')?.getAttribute('href')).toBe('/blog');
      expect(doc.querySelector('.article-header .post-category a')?.getAttribute('href')).toBe(`/blog/category/${post.category.toLowerCase()}`);
      expect(all(doc, 'nav.breadcrumbs li').map(text)).toEqual(['Home', 'Blog', post.title]);
      const related = all(doc, '[data-related] > li').map((li) => li.getAttribute('data-slug'));
      expect(related.length, url).toBeGreaterThan(0);
      expect(related.length, url).toBeLessThanOrEqual(3);
      expect(related, url).not.toContain(post.slug);
      expect(doc.querySelector('main a[href="/pricing"]'), url).not.toBeNull();
      // A wide markdown table scrolls in a focusable box named by its section heading.
      for (const box of all(doc, '.prose .table-scroll')) {
        expect(box.getAttribute('tabindex'), url).toBe('0');
        expect(doc.getElementById(box.getAttribute('aria-labelledby')!)?.tagName, url).toMatch(/^H[2-4]$/);
      }
    }
    expect(result.pages.filter((p) => p.html!.includes('class="table-scroll"') && p.url.startsWith('/blog/')).length).toBe(4);
  });
});

describe('use cases', () => {
  it('is an exclusive accordion of five, each with savings, challenges, help, prompts, enterprise note and Add to Chrome', () => {
    const doc = page('/use-cases');
    const items = all(doc, 'details[name="use-cases"]');
    expect(items.map((d) => d.getAttribute('data-use-case'))).toEqual(['Sales Teams', 'Marketing Teams', 'Consultants', 'Startup Founders', 'Account Managers']);
    expect(items.filter((d) => d.hasAttribute('open'))).toHaveLength(1);
    const { labels } = content().pages['use-cases'];
    for (const d of items) {
      expect(text(d.querySelector('.use-case-savings'))).not.toBe('');
      expect(all(d, 'h3').map(text)).toEqual([labels.challenges, labels.solutions, labels.prompts]);
      expect(text(d.querySelector('.enterprise-note'))).toContain(labels.enterprise);
      expect(d.querySelector(`a[href="${site().chromeStoreUrl}"]`)).not.toBeNull();
    }
    expect(doc.querySelector('main [data-testimonial]')).not.toBeNull();
    expect(doc.querySelector(`.cta-band a[href="${site().chromeStoreUrl}"]`)).not.toBeNull();
  });
});

describe('small pages', () => {
  it('AI overview has every section and the company founding year', () => {
    const body = mainText('/ai-overview');
    const p = content().pages['ai-overview'];
    for (const s of [p.overview, p.features, p.howItWorks, p.pricing, p.audience, p.useCases, p.technical, p.company, p.contact]) expect(body).toContain(s.heading);
    expect(all(page('/ai-overview'), '.overview-steps li')).toHaveLength(3);
    const founded = all(page('/ai-overview'), '.facts dt').find((dt) => text(dt) === p.company.foundedLabel);
    expect(text(founded?.nextElementSibling)).toBe('2025');
  });

  it('AI overview reads its pricing tiers from the pricing plans, not a copy', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-pages-'));
    try {
      await cp(contentDir, dir, { recursive: true });
      const file = path.join(dir, 'pages/pricing.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"price": "$19"', '"price": "$24"'));
      const changed = await build({ ...quiet, content: dir });
      const html = changed.pages.find((pg) => pg.url === '/ai-overview')!.html;
      expect(html).toContain('Pro: $24/month');
      expect(html).not.toContain('$19');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('waitlist, auth and admin render their island in its first state, with a no-JavaScript message', () => {
    expect(text(page('/waitlist').querySelector('h1'))).toBe('Join the Waitlist');
    const islands = [
      ['/waitlist', 'waitlist-root', 'WaitlistForm', 'form'],
      ['/auth', 'auth-root', 'AuthForm', 'form'],
      ['/admin', 'admin-root', 'AdminDashboard', '[role="status"]'],
    ] as const;
    for (const [url, id, name, first] of islands) {
      const island = page(url).querySelector(`#${id}`);
      expect(island?.getAttribute('data-island'), url).toBe(name);
      expect(island?.querySelector(first), url).not.toBeNull();
      expect(html(url), url).toMatch(/<noscript><p class="island-fallback">[^<]*JavaScript/);
    }
  });

  it('legal pages show their effective dates', () => {
    expect(mainText('/privacy')).toContain('Effective May 6, 2025');
    expect(mainText('/terms')).toContain('Effective June 18, 2025');
  });

  it('404 shows 404, "Oops! Page not found" and a link home', () => {
    const doc = page('/404');
    expect(text(doc.querySelector('main'))).toContain('404');
    expect(text(doc.querySelector('h1'))).toContain('Oops! Page not found');
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
  });
});

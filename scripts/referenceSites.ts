/**
 * The same blog as projects of the two generators the build budgets were set against (Eleventy 3.1 and
 * Hugo 0.111), made to write what `site build` writes for the blog's articles and nothing more: a page per
 * article (the same head tags: CSP, title, description, canonical, Open Graph, Twitter, feed link, icon,
 * stylesheet, loader, BlogPosting and BreadcrumbList JSON-LD; the same page: navigation, breadcrumbs,
 * category, byline, the body, the call to action, three related cards, footer), the paginated listing of
 * every article (`/blog`, `/blog/page/N`) and of each category (`/blog/category/<c>`, `/page/N`) with the
 * same page size, a sitemap of those pages, robots.txt, one RSS feed of the 50 newest and llms.txt. Pages
 * are written as `<path>.html`, as `site build` writes them. Neither reference makes the search index
 * (ours splits every article's words into shards), the stylesheet, the widget bundle or the real site's
 * other pages: `npm run bench -- --reference` lists each one's output beside ours (`describeOutput`).
 *
 * The shared markup (navigation, footer with its dialog, asset URLs, CSP) comes from one of our built
 * article pages (`referenceShell`), so a reference page carries the same bytes around its own parts.
 *
 * Pure apart from writing files. Eleventy is installed on demand (npm, exact version) into
 * .site/bench-reference; Hugo is Debian's (`apt-get install hugo`), found on PATH.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateArticle } from './generateArticles.ts';
import { watchTree } from './processTree.ts';

export const ELEVENTY_VERSION = '3.1.8';
/** What the two generators took on the 2-core machine the budgets were set on, for 4,000 articles. */
export const BUDGET_FIGURES = { hugo: 1.8, eleventy: 3.9 } as const;
/** The feed's length: templates/seo/feed.ts's FEED_ITEMS. */
export const FEED_ITEMS = 50;

const slug = (i: number) => `bench-${String(i).padStart(5, '0')}`;

/** What the reference pages share with ours: site, blog copy, asset URLs and the markup around `<main>`. */
export interface ReferenceShell {
  name: string;
  /** Without a trailing slash. */
  url: string;
  language: string;
  locale: string;
  /** The Content-Security-Policy meta tag's value. */
  csp: string;
  assets: { css: string; loader: string; logo: string; favicon: string; ogImage: string };
  /** The body's markup before `<main>` (skip link, navigation) and after it (footer, dialogs). */
  header: string;
  footer: string;
  blog: {
    title: string;
    name: string;
    description: string;
    eyebrow: string;
    heading: string;
    pageSize: number;
    categories: { name: string; slug: string; description: string }[];
    labels: Record<'allLabel' | 'categoriesLabel' | 'paginationLabel' | 'previous' | 'next' | 'back' | 'byline' | 'related' | 'searchLabel' | 'searchButton', string>;
    /** The listing's and the article's call-to-action sections, as HTML. */
    cta: string;
    articleCta: string;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const unesc = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const icon = (paths: string) =>
  `<span class="icon" aria-hidden="true"><svg focusable="false" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" >${paths}</svg></span>`;
const ICONS = {
  clock: icon('<circle cx="12" cy="12" r="10" /><path d="M12 6v6l4 2" />'),
  left: icon('<path d="m12 19-7-7 7-7" /><path d="M19 12H5" />'),
  right: icon('<path d="M5 12h14" /><path d="m12 5 7 7-7 7" />'),
  search: icon('<path d="m21 21-4.34-4.34" /><circle cx="11" cy="11" r="8" />'),
};
const cta = (id: string, c: { heading: string; intro: string; link: { label: string; href: string } }) =>
  `<section class="link-cta" aria-labelledby="${id}"><div><h2 id="${id}">${esc(c.heading)}</h2><p>${esc(c.intro)}</p></div><a class="button button-primary" href="${esc(c.link.href)}">${esc(c.link.label)}${ICONS.right}</a></section>`;

/**
 * The shell from the site's content (content/site.json, content/pages/blog.json) and, when given, one of
 * our built article pages (its CSP, asset URLs, navigation and footer); without one, a plain navigation
 * and footer and unhashed asset names.
 */
export function referenceShell(contentDir: string, builtArticle?: string): ReferenceShell {
  const site = JSON.parse(readFileSync(path.join(contentDir, 'site.json'), 'utf8'));
  const blog = JSON.parse(readFileSync(path.join(contentDir, 'pages', 'blog.json'), 'utf8'));
  const attr = (re: RegExp, def: string) => (builtArticle ? unesc(re.exec(builtArticle)?.[1] ?? def) : def);
  const between = (from: RegExp, to: string, def: string) => {
    if (!builtArticle) return def;
    const m = from.exec(builtArticle);
    const end = builtArticle.indexOf(to, m ? m.index + m[0].length : 0);
    return m && end > 0 ? builtArticle.slice(m.index + m[0].length, end) : def;
  };
  const links = (l: { label: string; href: string }[]) => l.map((x) => `<li><a href="${esc(x.href)}">${esc(x.label)}</a></li>`).join('');
  const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const shell: ReferenceShell = {
    name: site.name,
    url: String(site.url).replace(/\/$/, ''),
    language: site.language,
    locale: attr(/property="og:locale" content="([^"]*)"/, 'en_US'),
    csp: attr(/http-equiv="Content-Security-Policy" content="([^"]*)"/, "default-src 'self'"),
    assets: {
      css: attr(/rel="stylesheet" href="([^"]*)"/, '/assets/main.css'),
      loader: attr(/<script type="module" src="([^"]*)"/, '/assets/loader.js'),
      logo: attr(/rel="preload" href="([^"]*)" as="image"/, `/assets/${site.logo}`),
      favicon: attr(/rel="icon" href="([^"]*)"/, `/assets/${site.favicon}`),
      ogImage: attr(/property="og:image" content="([^"]*)"/, `${site.url}/assets/${site.socialImage}`),
    },
    header: between(
      /<body>/,
      '<main',
      `<a class="skip-link" href="#main">Skip to content</a><header class="site-header"><nav class="nav container" aria-label="Main"><a class="nav-logo" href="/">${esc(site.name)}</a><ul class="nav-links">${links(site.nav)}</ul></nav></header>`,
    ),
    footer: between(/<\/main>/, '</body>', `<footer class="site-footer"><nav aria-label="Footer"><ul class="footer-links">${links(site.footer)}</ul></nav></footer>`),
    blog: {
      title: blog.seo.title,
      name: blog.seo.name,
      description: blog.seo.description,
      eyebrow: blog.hero.eyebrow,
      heading: blog.hero.heading,
      pageSize: blog.listing.pageSize,
      categories: Object.entries(blog.listing.categories as Record<string, string>).map(([name, description]) => ({ name, slug: slugOf(name), description })),
      labels: {
        allLabel: blog.listing.allLabel,
        categoriesLabel: blog.listing.categoriesLabel,
        paginationLabel: blog.listing.paginationLabel,
        previous: blog.listing.previous,
        next: blog.listing.next,
        back: blog.article.back,
        byline: blog.article.byline,
        related: blog.article.related,
        searchLabel: blog.search.label,
        searchButton: blog.search.button,
      },
      cta: cta('blog-cta-heading', blog.cta),
      articleCta: cta('article-cta-heading', blog.article.cta),
    },
  };
  for (const s of [shell.header, shell.footer, shell.blog.cta, shell.blog.articleCta])
    if (/\{\{|\{%|\{#/.test(s)) throw new Error('The shared markup contains template delimiters ({{, {%, {#) that Hugo or Nunjucks would read as code.');
  return shell;
}

/** The articles a reference project holds: N generated ones and any others (the real site's), by slug. */
function articlesOf(count: number, extra: Map<string, string>): [string, string][] {
  const out: [string, string][] = [...extra];
  for (let i = 0; i < count; i++) out.push([slug(i), generateArticle(i)]);
  return out;
}

/** The `<head>` both references write, as a template: `v(name)` is how the template language prints a value. */
function headTemplate(s: ReferenceShell, v: (name: string) => string, published: string, ld: string): string {
  const a = s.assets;
  return (
    `<!doctype html><html lang="${esc(s.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="preload" href="${esc(a.logo)}" as="image"><meta http-equiv="Content-Security-Policy" content="${esc(s.csp)}">` +
    `<title>${v('headTitle')}</title><meta name="description" content="${v('desc')}"><link rel="canonical" href="${s.url}${v('path')}">` +
    `<meta property="og:type" content="${v('ogType')}"><meta property="og:site_name" content="${esc(s.name)}"><meta property="og:title" content="${v('headTitle')}">` +
    `<meta property="og:description" content="${v('desc')}"><meta property="og:url" content="${s.url}${v('path')}"><meta property="og:image" content="${esc(a.ogImage)}">` +
    `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta property="og:locale" content="${esc(s.locale)}">` +
    published +
    `<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="${v('headTitle')}"><meta name="twitter:description" content="${v('desc')}">` +
    `<meta name="twitter:image" content="${esc(a.ogImage)}"><link rel="alternate" type="application/rss+xml" title="${esc(s.name)} Blog" href="${s.url}/feed.xml">` +
    `<link rel="icon" href="${esc(a.favicon)}" type="image/svg+xml"><link rel="stylesheet" href="${esc(a.css)}"><script type="module" src="${esc(a.loader)}"></script>` +
    ld +
    `</head><body>${s.header}`
  );
}

const categoryNav = (s: ReferenceShell, current: (path: string, isAll: boolean) => string) =>
  `<nav class="category-links" aria-label="${esc(s.blog.labels.categoriesLabel)}"><ul><li><a href="/blog"${current('/blog', true)}>${esc(s.blog.labels.allLabel)}</a></li>` +
  s.blog.categories.map((c) => `<li><a href="/blog/category/${c.slug}"${current(`/blog/category/${c.slug}`, false)}>${esc(c.name)}</a></li>`).join('') +
  '</ul></nav>';

const searchForm = (s: ReferenceShell) =>
  `<div data-island="BlogSearch" data-hydrate="load"><form role="search" class="search-form" aria-label="${esc(s.blog.labels.searchLabel)}" action="/blog" method="get"><label for="blog-search" class="visually-hidden">${esc(s.blog.labels.searchLabel)}</label><span class="search-field">${ICONS.search}<input id="blog-search" type="search" placeholder="${esc(s.blog.labels.searchLabel)}" autoComplete="off" name="q"/></span><button type="submit" class="button button-primary">${esc(s.blog.labels.searchButton)}</button><p class="search-status" data-search-status="" role="status"></p></form></div>`;

/** Files of a Hugo 0.111 project (path relative to its folder → text). */
export function hugoProject(count: number, shell: ReferenceShell, extra: Map<string, string> = new Map()): Map<string, string> {
  const s = shell;
  const b = s.blog;
  const files = new Map<string, string>();
  const toml = (x: string) => JSON.stringify(x);
  files.set(
    'hugo.toml',
    [
      `baseURL = ${toml(`${s.url}/`)}`,
      `languageCode = ${toml(s.language)}`,
      `title = ${toml(s.name)}`,
      // Pages as <path>.html, as site build writes them; no taxonomy index, no 404 page, no default RSS
      // (section, term and home feeds of every article): one feed of the newest, from the home page.
      'uglyURLs = true',
      'disableKinds = ["taxonomy", "RSS", "404"]',
      'ignoreErrors = ["error-disable-taxonomy"]',
      'enableRobotsTXT = true',
      // No redirect pages (Hugo writes one at /page/1 of every listing).
      'disableAliases = true',
      `paginate = ${b.pageSize}`,
      'paginatePath = "page"',
      '[taxonomies]',
      '  category = "category"',
      '[permalinks]',
      '  blog = "/blog/:filename"',
      '  category = "/blog/category/:slug"',
      '[outputs]',
      '  home = ["feed", "llms"]',
      '  section = ["HTML"]',
      '  term = ["HTML"]',
      '  page = ["HTML"]',
      '[outputFormats.feed]',
      '  mediaType = "application/rss+xml"',
      '  baseName = "feed"',
      '[outputFormats.llms]',
      '  mediaType = "text/plain"',
      '  baseName = "llms"',
      '  isPlainText = true',
      // Code blocks as <pre><code class="language-…">, as ours: Chroma's colours are inline styles (against the CSP).
      '[markup.highlight]',
      '  codeFences = false',
      '[markup.goldmark.renderer]',
      '  unsafe = true',
      '',
    ].join('\n'),
  );
  const v = (name: string) => `{{ .${name} }}`;
  files.set(
    'layouts/partials/head.html',
    headTemplate(
      s,
      v,
      '{{ with .published }}<meta property="article:published_time" content="{{ . }}"><meta property="article:section" content="{{ $.section }}">{{ end }}',
      '{{ range .ld }}<script type="application/ld+json">{{ . | jsonify | safeJS }}</script>{{ end }}',
    ),
  );
  files.set('layouts/partials/foot.html', `${s.footer}</body></html>`);
  // A card: cached per article and heading level (partialCached), as our shards render each shared card once.
  const card = (h: string) =>
    `<li class="post-card" data-search="{{ lower (print .Title " " .Description) }}" data-slug="{{ .File.ContentBaseName }}"><article><${h} class="post-title"><a href="/blog/{{ .File.ContentBaseName }}">{{ .Title }}</a></${h}>` +
    `<p class="post-category"><a href="/blog/category/{{ urlize .Params.category }}">{{ .Params.category }}</a></p><p class="post-description">{{ .Description }}</p>` +
    `<p class="meta"><time dateTime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time><span aria-hidden="true">·</span><span class="read-time">${ICONS.clock}{{ .Params.readTime }}</span></p></article></li>`;
  files.set('layouts/partials/card2.html', card('h2'));
  files.set('layouts/partials/card3.html', card('h3'));
  const crumbsLd = (items: string) =>
    `(dict "@context" "https://schema.org" "@type" "BreadcrumbList" "itemListElement" (slice ${items}))`;
  const crumb = (pos: number, name: string, url: string) => `(dict "@type" "ListItem" "position" ${pos} "name" ${name} "item" ${url})`;
  const crumbsNav = (items: string) => `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${items}</ol></nav>`;
  files.set(
    'layouts/_default/single.html',
    `{{ $path := print "/blog/" .File.ContentBaseName }}{{ $url := print "${s.url}" $path }}{{ $cat := .Params.category }}{{ $day := .Date.Format "2006-01-02" }}` +
      `{{ $posting := dict "@context" "https://schema.org" "@type" "BlogPosting" "headline" .Title "description" .Description "datePublished" $day "dateModified" $day "articleSection" $cat "wordCount" .WordCount ` +
      `"author" (dict "@type" "Organization" "name" .Params.author "url" "${s.url}/") "publisher" (dict "@id" "${s.url}/#organization" "@type" "Organization" "name" "${s.name}" "logo" (dict "@type" "ImageObject" "url" "${s.url}${s.assets.logo}")) ` +
      `"image" "${s.assets.ogImage}" "mainEntityOfPage" $url "url" $url }}` +
      `{{ $crumbs := ${crumbsLd(`${crumb(1, '"Home"', `"${s.url}/"`)} ${crumb(2, toml(b.name), `"${s.url}/blog"`)} ${crumb(3, '.Title', '$url')}`)} }}` +
      `{{ partial "head.html" (dict "headTitle" (print .Title " | ${s.name} Blog") "desc" .Description "path" $path "ogType" "article" "published" $day "section" $cat "ld" (slice $posting $crumbs)) }}` +
      `<main id="main" tabindex="-1"><article class="article" aria-labelledby="page-title"><header class="article-header"><div class="container container-narrow">` +
      crumbsNav(`<li><a href="/">Home</a></li><li><a href="/blog">${esc(b.name)}</a></li><li><span aria-current="page">{{ .Title }}</span></li>`) +
      `<a class="back-link" href="/blog">${ICONS.left}${esc(b.labels.back)}</a><p class="post-category"><a href="/blog/category/{{ urlize $cat }}">{{ $cat }}</a></p>` +
      `<h1 id="page-title">{{ .Title }}</h1><p class="lead">{{ .Description }}</p><p class="meta"><span>${esc(b.labels.byline)} {{ .Params.author }}</span><span aria-hidden="true">·</span>` +
      `<time dateTime="{{ $day }}">{{ .Date.Format "January 2, 2006" }}</time><span aria-hidden="true">·</span><span class="read-time">${ICONS.clock}{{ .Params.readTime }}</span></p></div></header>` +
      `<div class="container container-narrow"><div class="prose">{{ .Content }}</div>${b.articleCta}</div></article>` +
      // Related: same category first (newest first), then the newest of the others; never the article itself.
      `{{ $related := slice }}{{ range first 4 (index site.Taxonomies.category (urlize $cat)).Pages }}{{ if and (ne .File.ContentBaseName $.File.ContentBaseName) (lt (len $related) 3) }}{{ $related = $related | append . }}{{ end }}{{ end }}` +
      `{{ if lt (len $related) 3 }}{{ range site.RegularPages }}{{ if and (ne .Params.category $cat) (lt (len $related) 3) }}{{ $related = $related | append . }}{{ end }}{{ end }}{{ end }}` +
      `<section class="section section-tint" aria-labelledby="related-heading"><div class="container"><h2 id="related-heading">${esc(b.labels.related)}</h2><ul class="post-grid post-grid-related" data-related="">` +
      `{{ range $related }}{{ partialCached "card3.html" . .File.ContentBaseName }}{{ end }}</ul></div></section></main>{{ partial "foot.html" . }}`,
  );
  // One listing template for /blog and the category pages: .Paginate pages what each holds.
  const listing =
    `{{ $pag := .Paginate .Pages }}{{ $n := $pag.PageNumber }}{{ $pages := $pag.TotalPages }}{{ $later := gt $n 1 }}` +
    `{{ $cat := "" }}{{ $catDesc := "" }}{{ if eq .Kind "term" }}{{ $cat = .Title }}{{ $catDesc = index site.Params.categories (urlize .Title) }}{{ end }}` +
    `{{ $base := cond (eq .Kind "term") (print "/blog/category/" (urlize $cat)) "/blog" }}{{ $path := cond $later (print $base "/page/" $n) $base }}` +
    `{{ $name := cond (eq $cat "") ${toml(b.name)} (print $cat " – " ${toml(b.name)}) }}` +
    `{{ $title := ${toml(b.title)} }}{{ if or $later (ne $cat "") }}{{ $title = print $name (cond $later (print " – page " $n) "") " | ${s.name}" }}{{ end }}` +
    `{{ $desc := cond (eq $cat "") ${toml(b.description)} $catDesc }}{{ if $later }}{{ $desc = print $desc " Page " $n " of " $pages "." }}{{ end }}` +
    `{{ $items := slice ${crumb(1, '"Home"', `"${s.url}/"`)} ${crumb(2, toml(b.name), `"${s.url}/blog"`)} }}` +
    `{{ if ne $cat "" }}{{ $items = $items | append ${crumb(3, '$cat', `(print "${s.url}" $base)`)} }}{{ end }}` +
    `{{ if $later }}{{ $items = $items | append ${crumb(0, '(print "Page " $n)', `(print "${s.url}" $path)`).replace('"position" 0', '"position" (add (len $items) 1)')} }}{{ end }}` +
    `{{ partial "head.html" (dict "headTitle" $title "desc" $desc "path" $path "ogType" "website" "ld" (slice (dict "@context" "https://schema.org" "@type" "BreadcrumbList" "itemListElement" $items))) }}` +
    `<main id="main" tabindex="-1"><section class="page-hero" aria-labelledby="page-title"><div class="container">` +
    `{{ if or $later (ne $cat "") }}<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">${esc(b.name)}</a></li>` +
    `{{ if ne $cat "" }}{{ if $later }}<li><a href="{{ $base }}">{{ $cat }}</a></li>{{ else }}<li><span aria-current="page">{{ $cat }}</span></li>{{ end }}{{ end }}` +
    `{{ if $later }}<li><span aria-current="page">Page {{ $n }}</span></li>{{ end }}</ol></nav>{{ end }}` +
    `<p class="eyebrow">${esc(b.eyebrow)}</p><h1 id="page-title">{{ cond (eq $cat "") ${toml(b.heading)} $cat }}</h1><p class="lead">{{ cond (eq $cat "") ${toml(b.description)} $catDesc }}</p>` +
    `{{ if and (not $later) (eq $cat "") }}${searchForm(s)}{{ end }}` +
    categoryNav(s, (p) => `{{ if eq $path "${p}" }} aria-current="page"{{ else if eq $base "${p}" }} aria-current="true"{{ end }}`) +
    `</div></section><div class="section section-plain section-flush-top"><div class="container"><ul class="post-grid" data-search-results="" aria-label="Search results" hidden=""></ul>` +
    `<button type="button" class="button button-secondary search-more" data-search-more="" hidden="">Show more results</button><ul class="post-grid" data-blog-cards="">` +
    `{{ range $pag.Pages }}{{ partialCached "card2.html" . .File.ContentBaseName }}{{ end }}</ul>` +
    `{{ if gt $pages 1 }}<nav class="pagination" aria-label="${esc(b.labels.paginationLabel)}">{{ if $pag.HasPrev }}<a class="pagination-link" href="{{ if eq $n 2 }}{{ $base }}{{ else }}{{ $base }}/page/{{ sub $n 1 }}{{ end }}">${ICONS.left}${esc(b.labels.previous)}</a>{{ end }}` +
    `<p class="pagination-status">Page {{ $n }} of {{ $pages }}</p>{{ if $pag.HasNext }}<a class="pagination-link pagination-next" href="{{ $base }}/page/{{ add $n 1 }}">${esc(b.labels.next)}${ICONS.right}</a>{{ end }}</nav>{{ end }}` +
    `${b.cta}</div></div></main>{{ partial "foot.html" . }}`;
  files.set('layouts/_default/list.html', listing);
  files.set('layouts/_default/term.html', listing);
  files.set(
    'hugo.toml',
    `${files.get('hugo.toml')}[params.categories]\n${b.categories.map((c) => `  ${c.slug} = ${toml(c.description)}`).join('\n')}\n`,
  );
  // The sitemap: the blog's listing pages (each page of each), then every article, as ours lists them.
  const listingUrls = (pagesVar: string, base: string) =>
    `{{ $count := len ${pagesVar} }}{{ if gt $count 0 }}<url><loc>${s.url}{{ ${base} }}</loc><lastmod>{{ (index ${pagesVar} 0).Date.Format "2006-01-02" }}</lastmod></url>` +
    `{{ $total := int (math.Ceil (div (float $count) ${b.pageSize})) }}{{ if gt $total 1 }}{{ range $i := seq 2 $total }}<url><loc>${s.url}{{ ${base} }}/page/{{ $i }}</loc><lastmod>{{ (index ${pagesVar} (mul (sub $i 1) ${b.pageSize})).Date.Format "2006-01-02" }}</lastmod></url>\n{{ end }}{{ end }}{{ end }}\n`;
  files.set(
    'layouts/_default/sitemap.xml',
    `{{ printf "<?xml version=\\"1.0\\" encoding=\\"UTF-8\\"?>" | safeHTML }}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      `{{ $posts := where site.RegularPages "Section" "blog" }}${listingUrls('$posts', '"/blog"')}` +
      b.categories.map((c) => `{{ with index site.Taxonomies.category "${c.slug}" }}{{ $list := .Pages }}${listingUrls('$list', `"/blog/category/${c.slug}"`)}{{ end }}`).join('') +
      `{{ range $posts }}<url><loc>${s.url}/blog/{{ .File.ContentBaseName }}</loc><lastmod>{{ .Date.Format "2006-01-02" }}</lastmod></url>\n{{ end }}</urlset>\n`,
  );
  files.set('layouts/robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${s.url}/sitemap.xml\n`);
  files.set(
    'layouts/index.feed.xml',
    `{{ printf "<?xml version=\\"1.0\\" encoding=\\"UTF-8\\"?>" | safeHTML }}\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n    <title>${esc(s.name)} Blog</title>\n    <link>${s.url}/blog</link>\n` +
      `    <atom:link href="${s.url}/feed.xml" rel="self" type="application/rss+xml"/>\n    <description>${esc(b.description)}</description>\n    <language>${esc(s.language)}</language>\n` +
      `{{ $posts := first ${FEED_ITEMS} (where site.RegularPages "Section" "blog") }}{{ with index $posts 0 }}    <lastBuildDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 GMT" }}</lastBuildDate>\n{{ end }}` +
      `{{ range $posts }}    <item>\n      <title>{{ .Title }}</title>\n      <link>${s.url}/blog/{{ .File.ContentBaseName }}</link>\n      <guid isPermaLink="true">${s.url}/blog/{{ .File.ContentBaseName }}</guid>\n` +
      `      <pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 GMT" }}</pubDate>\n      <category>{{ .Params.category }}</category>\n      <description>{{ .Description }}</description>\n    </item>\n{{ end }}  </channel>\n</rss>\n`,
  );
  files.set(
    'layouts/index.llms.txt',
    `# ${s.name}\n\n## Blog\n\n{{ range where site.RegularPages "Section" "blog" }}- [{{ .Title }}](${s.url}/blog/{{ .File.ContentBaseName }}): {{ .Description }}\n{{ end }}\n## Optional\n\n- [Sitemap](${s.url}/sitemap.xml): every indexable page\n- [RSS feed](${s.url}/feed.xml): the blog, newest first\n`,
  );
  for (const [name, text] of articlesOf(count, extra)) files.set(`content/blog/${name}.md`, text);
  return files;
}

/** Files of an Eleventy 3 project (path relative to its folder → text). */
export function eleventyProject(count: number, shell: ReferenceShell, extra: Map<string, string> = new Map()): Map<string, string> {
  const s = shell;
  const b = s.blog;
  const files = new Map<string, string>();
  const js = (x: unknown) => JSON.stringify(x);
  files.set(
    'eleventy.config.mjs',
    `// The blog as site build makes it: articles newest first (then by slug), ${b.pageSize} to a listing page.
const PAGE_SIZE = ${b.pageSize};
const CATEGORIES = ${js(b.categories)};
const URL = ${js(s.url)};
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const day = (d) => d.toISOString().slice(0, 10);
const newestFirst = (api) =>
  api.getFilteredByGlob('blog/*.md').sort((a, b) => b.date - a.date || (a.fileSlug < b.fileSlug ? -1 : a.fileSlug > b.fileSlug ? 1 : 0));
const byCategory = new WeakMap();

export default function (config) {
  // Heading ids, as site build's markdown writes them ("Part 1: a and b" → part-1-a-and-b).
  config.amendLibrary('md', (md) => {
    md.core.ruler.push('heading_ids', (state) => {
      for (let i = 0; i < state.tokens.length; i++)
        if (state.tokens[i].type === 'heading_open') {
          const text = state.tokens[i + 1].content;
          state.tokens[i].attrSet('id', text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
        }
    });
  });
  config.addCollection('posts', (api) => newestFirst(api));
  config.addCollection('categoryPages', (api) => {
    const posts = newestFirst(api);
    const out = [];
    for (const c of CATEGORIES) {
      const items = posts.filter((p) => p.data.category === c.name);
      const pages = Math.ceil(items.length / PAGE_SIZE);
      for (let i = 0; i < pages; i++) out.push({ ...c, page: i + 1, pages, items: items.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE) });
    }
    return out;
  });
  config.addFilter('day', day);
  config.addFilter('inCategory', (posts, name) => posts.filter((p) => p.data.category === name));
  config.addFilter('longDate', (d) => \`\${MONTHS[d.getUTCMonth()]} \${d.getUTCDate()}, \${d.getUTCFullYear()}\`);
  config.addFilter('rfc822', (d) => d.toUTCString());
  config.addFilter('catSlug', (name) => CATEGORIES.find((c) => c.name === name)?.slug ?? name.toLowerCase());
  // Related: same category first (newest first), then the newest of the others; never the article itself.
  config.addFilter('related', (slug, category, posts) => {
    let lists = byCategory.get(posts);
    if (!lists) {
      lists = new Map();
      for (const p of posts) lists.set(p.data.category, [...(lists.get(p.data.category) ?? []), p]);
      byCategory.set(posts, lists);
    }
    const out = [];
    for (const p of lists.get(category) ?? []) {
      if (out.length >= 3) return out;
      if (p.fileSlug !== slug) out.push(p);
    }
    for (const p of posts) {
      if (out.length >= 3) return out;
      if (p.data.category !== category) out.push(p);
    }
    return out;
  });
  config.addFilter('words', (html) => html.replace(/<[^>]*>/g, ' ').split(/\\s+/).filter(Boolean).length);
  config.addFilter('ld', (o) => JSON.stringify(o).replace(/</g, '\\\\u003c'));
  config.addFilter('postLd', (page, title, description, category, author, words) => {
    const url = \`\${URL}/blog/\${page.fileSlug}\`;
    return {
      '@context': 'https://schema.org', '@type': 'BlogPosting', headline: title, description,
      datePublished: day(page.date), dateModified: day(page.date), articleSection: category, wordCount: words,
      author: { '@type': 'Organization', name: author, url: URL + '/' },
      publisher: { '@id': URL + '/#organization', '@type': 'Organization', name: ${js(s.name)}, logo: { '@type': 'ImageObject', url: URL + ${js(s.assets.logo)} } },
      image: ${js(s.assets.ogImage)}, mainEntityOfPage: url, url,
    };
  });
  config.addFilter('crumbsLd', (crumbs) => ({
    '@context': 'https://schema.org', '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: URL + path })),
  }));
  return { markdownTemplateEngine: false, htmlTemplateEngine: 'njk' };
}
`,
  );
  const v = (name: string) => `{{ ${name} }}`;
  files.set(
    '_includes/head.njk',
    headTemplate(
      s,
      v,
      '{% if published %}<meta property="article:published_time" content="{{ published }}"><meta property="article:section" content="{{ section }}">{% endif %}',
      '{% for o in ld %}<script type="application/ld+json">{{ o | ld | safe }}</script>{% endfor %}',
    ),
  );
  files.set(
    '_includes/card.njk',
    `{% macro card(p, h) %}<li class="post-card" data-search="{{ (p.data.title + ' ' + p.data.description) | lower }}" data-slug="{{ p.fileSlug }}"><article><{{ h }} class="post-title"><a href="/blog/{{ p.fileSlug }}">{{ p.data.title }}</a></{{ h }}>` +
      `<p class="post-category"><a href="/blog/category/{{ p.data.category | catSlug }}">{{ p.data.category }}</a></p><p class="post-description">{{ p.data.description }}</p>` +
      `<p class="meta"><time dateTime="{{ p.date | day }}">{{ p.date | longDate }}</time><span aria-hidden="true">·</span><span class="read-time">${ICONS.clock}{{ p.data.readTime }}</span></p></article></li>{% endmacro %}`,
  );
  files.set(
    '_includes/post.njk',
    `{% import "card.njk" as c %}{% set path = "/blog/" + page.fileSlug %}{% set desc = description %}{% set ogType = "article" %}{% set published = page.date | day %}{% set section = category %}` +
      `{% set headTitle = title + " | ${s.name} Blog" %}{% set ld = [page | postLd(title, description, category, author, content | words), [["Home", "/"], [${js(b.name)}, "/blog"], [title, path]] | crumbsLd] %}` +
      `{% include "head.njk" %}<main id="main" tabindex="-1"><article class="article" aria-labelledby="page-title"><header class="article-header"><div class="container container-narrow">` +
      `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">${esc(b.name)}</a></li><li><span aria-current="page">{{ title }}</span></li></ol></nav>` +
      `<a class="back-link" href="/blog">${ICONS.left}${esc(b.labels.back)}</a><p class="post-category"><a href="/blog/category/{{ category | catSlug }}">{{ category }}</a></p>` +
      `<h1 id="page-title">{{ title }}</h1><p class="lead">{{ description }}</p><p class="meta"><span>${esc(b.labels.byline)} {{ author }}</span><span aria-hidden="true">·</span>` +
      `<time dateTime="{{ page.date | day }}">{{ page.date | longDate }}</time><span aria-hidden="true">·</span><span class="read-time">${ICONS.clock}{{ readTime }}</span></p></div></header>` +
      `<div class="container container-narrow"><div class="prose">{{ content | safe }}</div>${b.articleCta}</div></article>` +
      `<section class="section section-tint" aria-labelledby="related-heading"><div class="container"><h2 id="related-heading">${esc(b.labels.related)}</h2><ul class="post-grid post-grid-related" data-related="">` +
      `{% for p in page.fileSlug | related(category, collections.posts) %}{{ c.card(p, "h3") }}{% endfor %}</ul></div></section></main>${s.footer}</body></html>\n`,
  );
  files.set('blog/blog.11tydata.mjs', "export default { layout: 'post.njk', permalink: (data) => `/blog/${data.page.fileSlug}.html` };\n");
  const listing =
    `{% import "card.njk" as c %}{% set later = L.page > 1 %}{% set cat = L.category %}{% set base = ("/blog/category/" + cat.slug) if cat else "/blog" %}` +
    `{% set path = (base + "/page/" + L.page) if later else base %}{% set name = (cat.name + " – " + ${js(b.name)}) if cat else ${js(b.name)} %}` +
    `{% if later or cat %}{% set headTitle = name + ((" – page " + L.page) if later else "") + " | ${s.name}" %}{% else %}{% set headTitle = ${js(b.title)} %}{% endif %}` +
    `{% set desc = cat.description if cat else ${js(b.description)} %}{% if later %}{% set desc = desc + " Page " + L.page + " of " + L.pages + "." %}{% endif %}` +
    `{% set crumbs = [["Home", "/"], [${js(b.name)}, "/blog"]] %}{% if cat %}{% set crumbs = (crumbs.push([cat.name, base]), crumbs) %}{% endif %}` +
    `{% if later %}{% set crumbs = (crumbs.push(["Page " + L.page, path]), crumbs) %}{% endif %}{% set ogType = "website" %}{% set published = false %}{% set ld = [crumbs | crumbsLd] %}` +
    `{% include "head.njk" %}<main id="main" tabindex="-1"><section class="page-hero" aria-labelledby="page-title"><div class="container">` +
    `{% if later or cat %}<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">${esc(b.name)}</a></li>` +
    `{% if cat %}{% if later %}<li><a href="{{ base }}">{{ cat.name }}</a></li>{% else %}<li><span aria-current="page">{{ cat.name }}</span></li>{% endif %}{% endif %}` +
    `{% if later %}<li><span aria-current="page">Page {{ L.page }}</span></li>{% endif %}</ol></nav>{% endif %}` +
    `<p class="eyebrow">${esc(b.eyebrow)}</p><h1 id="page-title">{{ cat.name if cat else ${js(b.heading)} }}</h1><p class="lead">{{ cat.description if cat else ${js(b.description)} }}</p>` +
    `{% if not later and not cat %}${searchForm(s)}{% endif %}` +
    categoryNav(s, (p) => `{% if path == "${p}" %} aria-current="page"{% elif base == "${p}" %} aria-current="true"{% endif %}`) +
    `</div></section><div class="section section-plain section-flush-top"><div class="container"><ul class="post-grid" data-search-results="" aria-label="Search results" hidden=""></ul>` +
    `<button type="button" class="button button-secondary search-more" data-search-more="" hidden="">Show more results</button><ul class="post-grid" data-blog-cards="">` +
    `{% for p in L.items %}{{ c.card(p, "h2") }}{% endfor %}</ul>` +
    `{% if L.pages > 1 %}<nav class="pagination" aria-label="${esc(b.labels.paginationLabel)}">{% if later %}<a class="pagination-link" href="{% if L.page == 2 %}{{ base }}{% else %}{{ base }}/page/{{ L.page - 1 }}{% endif %}">${ICONS.left}${esc(b.labels.previous)}</a>{% endif %}` +
    `<p class="pagination-status">Page {{ L.page }} of {{ L.pages }}</p>{% if L.page < L.pages %}<a class="pagination-link pagination-next" href="{{ base }}/page/{{ L.page + 1 }}">${esc(b.labels.next)}${ICONS.right}</a>{% endif %}</nav>{% endif %}` +
    `${b.cta}</div></div></main>${s.footer}</body></html>\n`;
  files.set('_includes/listing.njk', listing);
  files.set(
    'blog.njk',
    `---\npagination:\n  data: collections.posts\n  size: ${b.pageSize}\n  alias: items\npermalink: "{% if pagination.pageNumber == 0 %}/blog.html{% else %}/blog/page/{{ pagination.pageNumber + 1 }}.html{% endif %}"\neleventyExcludeFromCollections: true\n---\n` +
      `{% set L = { page: pagination.pageNumber + 1, pages: pagination.pages.length, items: items, category: false } %}{% include "listing.njk" %}`,
  );
  files.set(
    'category.njk',
    `---\npagination:\n  data: collections.categoryPages\n  size: 1\n  alias: cp\npermalink: "/blog/category/{{ cp.slug }}{% if cp.page > 1 %}/page/{{ cp.page }}{% endif %}.html"\neleventyExcludeFromCollections: true\n---\n` +
      `{% set L = { page: cp.page, pages: cp.pages, items: cp.items, category: cp } %}{% include "listing.njk" %}`,
  );
  const listingUrls = (items: string, base: string) =>
    `{% set list = ${items} %}{% if list.length %}<url><loc>${s.url}${base}</loc><lastmod>{{ list[0].date | day }}</lastmod></url>\n` +
    `{% for chunk in list | batch(${b.pageSize}) %}{% if not loop.first %}<url><loc>${s.url}${base}/page/{{ loop.index }}</loc><lastmod>{{ chunk[0].date | day }}</lastmod></url>\n{% endif %}{% endfor %}{% endif %}`;
  files.set(
    'sitemap.njk',
    `---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      listingUrls('collections.posts', '/blog') +
      b.categories.map((c) => listingUrls(`collections.posts | inCategory(${js(c.name)})`, `/blog/category/${c.slug}`)).join('') +
      `{% for p in collections.posts %}<url><loc>${s.url}/blog/{{ p.fileSlug }}</loc><lastmod>{{ p.date | day }}</lastmod></url>\n{% endfor %}</urlset>\n`,
  );
  files.set('robots.njk', `---\npermalink: /robots.txt\neleventyExcludeFromCollections: true\n---\nUser-agent: *\nAllow: /\n\nSitemap: ${s.url}/sitemap.xml\n`);
  files.set(
    'feed.njk',
    `---\npermalink: /feed.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n    <title>${esc(s.name)} Blog</title>\n    <link>${s.url}/blog</link>\n` +
      `    <atom:link href="${s.url}/feed.xml" rel="self" type="application/rss+xml"/>\n    <description>${esc(b.description)}</description>\n    <language>${esc(s.language)}</language>\n` +
      `{% set newest = collections.posts.slice(0, ${FEED_ITEMS}) %}{% if newest.length %}    <lastBuildDate>{{ newest[0].date | rfc822 }}</lastBuildDate>\n{% endif %}` +
      `{% for p in newest %}    <item>\n      <title>{{ p.data.title }}</title>\n      <link>${s.url}/blog/{{ p.fileSlug }}</link>\n      <guid isPermaLink="true">${s.url}/blog/{{ p.fileSlug }}</guid>\n` +
      `      <pubDate>{{ p.date | rfc822 }}</pubDate>\n      <category>{{ p.data.category }}</category>\n      <description>{{ p.data.description }}</description>\n    </item>\n{% endfor %}  </channel>\n</rss>\n`,
  );
  files.set(
    'llms.njk',
    `---\npermalink: /llms.txt\neleventyExcludeFromCollections: true\n---\n# ${s.name}\n\n## Blog\n\n{% for p in collections.posts %}- [{{ p.data.title | safe }}](${s.url}/blog/{{ p.fileSlug }}): {{ p.data.description | safe }}\n{% endfor %}\n## Optional\n\n- [Sitemap](${s.url}/sitemap.xml): every indexable page\n- [RSS feed](${s.url}/feed.xml): the blog, newest first\n`,
  );
  for (const [name, text] of articlesOf(count, extra)) files.set(`blog/${name}.md`, text);
  return files;
}

export async function writeProject(dir: string, files: Map<string, string>): Promise<void> {
  const entries = [...files];
  for (let i = 0; i < entries.length; i += 200) {
    await Promise.all(
      entries.slice(i, i + 200).map(async ([rel, text]) => {
        const file = path.join(dir, rel);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
      }),
    );
  }
}

/** What a build wrote, counted the same way for ours and the references. */
export interface OutputSummary {
  files: number;
  bytes: number;
  /** Every .html file, and of them: the blog's articles, its listing pages (all and by category), the rest. */
  html: number;
  articles: number;
  listings: number;
  otherPages: number;
  feedItems: number;
  sitemapUrls: number;
  robots: boolean;
  llmsLinks: number;
  /** Files of the search index (search/index.json and assets/search/). */
  searchFiles: number;
  /** Pages that only redirect (Hugo writes one at /page/1 of each listing). */
  redirects: number;
}

/** Counts a build's output folder: files, bytes, pages by kind, feed items, sitemap URLs. */
export async function describeOutput(dir: string): Promise<OutputSummary> {
  const out: OutputSummary = { files: 0, bytes: 0, html: 0, articles: 0, listings: 0, otherPages: 0, feedItems: 0, sitemapUrls: 0, robots: false, llmsLinks: 0, searchFiles: 0, redirects: 0 };
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full).split(path.sep).join('/');
    out.files++;
    out.bytes += (await stat(full)).size;
    if (rel.startsWith('search/') || rel.startsWith('assets/search/')) out.searchFiles++;
    if (!rel.endsWith('.html')) continue;
    out.html++;
    const size = (await stat(full)).size;
    if (size < 2048 && (await readFile(full, 'utf8')).includes('http-equiv="refresh"')) out.redirects++;
    else if (rel === 'blog.html' || rel.startsWith('blog/page/') || rel.startsWith('blog/category/')) out.listings++;
    else if (/^blog\/[^/]+\.html$/.test(rel)) out.articles++;
    else out.otherPages++;
  }
  const text = async (f: string) => readFile(path.join(dir, f), 'utf8').catch(() => '');
  out.feedItems = (await text('feed.xml')).split('<item>').length - 1;
  out.sitemapUrls = (await text('sitemap.xml')).split('<loc>').length - 1;
  out.robots = (await text('robots.txt')).includes('Sitemap:');
  out.llmsLinks = (await text('llms.txt')).split('\n').filter((l) => l.startsWith('- [')).length;
  return out;
}

/** Eleventy's command-line entry, installed into `<root>/.site/bench-reference` the first time. */
export function eleventyCli(root: string): string {
  const dir = path.join(root, '.site', 'bench-reference');
  const cli = path.join(dir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (!existsSync(cli)) {
    console.error(`Installing @11ty/eleventy@${ELEVENTY_VERSION} into ${dir} for the reference builds...`);
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@11ty/eleventy@${ELEVENTY_VERSION}`], { stdio: 'inherit' });
  }
  return cli;
}

/** Hugo's binary on PATH, with its version line, if it is installed. */
export function hugoBinary(): { bin: string; version: string } | undefined {
  try {
    const version = execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
    return { bin: 'hugo', version };
  } catch {
    return undefined;
  }
}

export interface ChildRun {
  ms: number;
  rssMb: number;
}

/**
 * Wall time and peak RSS of a command and any processes it starts (processTree.ts: the kernel's
 * high-water marks, summed over the tree). After `sync`, as the bench's own builds.
 */
export function timeChild(cmd: string, args: string[], cwd: string, env?: Record<string, string>): Promise<ChildRun> {
  spawnSync('sync');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], ...(env ? { env: { ...process.env, ...env } } : {}) });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    const tree = child.pid ? watchTree(child.pid) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      const peak = tree?.stop();
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${err}`));
      resolve({ ms: performance.now() - started, rssMb: ((peak?.rootKb ?? 0) + (peak?.childrenKb ?? 0)) / 1024 });
    });
  });
}

export interface ReferenceTool {
  name: string;
  /** The figure the budgets were set with for this tool, for the table. */
  budget: string;
  budgetSeconds: number;
  /** Run i: a cold build into an output folder of its own, `out(i)`. */
  build(i: number): Promise<ChildRun>;
  out(i: number): string;
}

/**
 * Writes both projects under `dir` and returns the tools that can build them here; one that is not there
 * (no Hugo on PATH, no registry for Eleventy) is named in `missing`. `extra`: articles beside the
 * generated ones (the real site's), by slug.
 */
export async function referenceTools(
  root: string,
  dir: string,
  count: number,
  shell: ReferenceShell,
  extra: Map<string, string> = new Map(),
  /** Most articles Eleventy is run with: above, it is named in `missing` (at 64,000 one build takes many minutes and gigabytes). */
  eleventyUpTo = Infinity,
): Promise<{ tools: ReferenceTool[]; missing: string[] }> {
  const tools: ReferenceTool[] = [];
  const missing: string[] = [];
  let eleventy: string | undefined;
  if (count > eleventyUpTo) {
    missing.push(`Eleventy at ${count.toLocaleString('en-US')} articles (left out above ${eleventyUpTo.toLocaleString('en-US')}: --eleventy-max N)`);
  } else {
    try {
      eleventy = eleventyCli(root);
    } catch (e) {
      missing.push(`Eleventy (could not install @11ty/eleventy@${ELEVENTY_VERSION}: ${(e as Error).message.split('\n')[0]})`);
    }
  }
  if (eleventy) {
    const cli = eleventy;
    const eleventyDir = path.join(dir, 'eleventy');
    await writeProject(eleventyDir, eleventyProject(count, shell, extra));
    const out = (i: number) => path.join(dir, `eleventy-out-${i}`);
    tools.push({
      name: `Eleventy ${ELEVENTY_VERSION}`,
      budget: `budgets: ${BUDGET_FIGURES.eleventy} s, 275 MB`,
      budgetSeconds: BUDGET_FIGURES.eleventy,
      out,
      build: (i) => timeChild(process.execPath, [cli, '--quiet', `--output=${out(i)}`], eleventyDir),
    });
  }
  const hugo = hugoBinary();
  if (hugo) {
    const hugoDir = path.join(dir, 'hugo');
    await writeProject(hugoDir, hugoProject(count, shell, extra));
    const out = (i: number) => path.join(dir, `hugo-out-${i}`);
    tools.push({
      name: `Hugo ${/v(\d+\.\d+\.\d+)/.exec(hugo.version)?.[1] ?? ''}`.trim(),
      budget: `budgets (0.111): ${BUDGET_FIGURES.hugo} s`,
      budgetSeconds: BUDGET_FIGURES.hugo,
      out,
      build: (i) => timeChild(hugo.bin, ['--quiet', '--destination', out(i), '--cacheDir', path.join(dir, `hugo-cache-${i}`)], hugoDir),
    });
  } else missing.push('Hugo (not on PATH: apt-get install hugo)');
  return { tools, missing };
}

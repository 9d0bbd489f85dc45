/**
 * Errors are data. Every error a user can cause (content author, CLI user)
 * has one entry here: a permanent code, a title, a message built from
 * arguments, and a hint that says what to do. Everything throws SiteError;
 * only cli.ts prints errors and picks exit codes.
 */
import { editorErrors } from './editorErrors.ts';
import { entry, type ErrorEntry } from './errorEntry.ts';

export interface ErrorLocation {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
}

/** "file:line: " before a message, when the error knows where. */
const at = (file?: string, line?: number) => (file ? `${file}${line ? `:${line}` : ''}: ` : '');
/** The site's stack frames below the place named first, one a line; nothing for a single frame. */
const trace = (frames?: string[]) => (frames && frames.length > 1 ? `\n    ${frames.join('\n    ')}` : '');
const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

export const errorTable = {
  // What `site dev`'s content editor answers an author (generator/editor/).
  ...editorErrors,
  ContentFileMissing: entry<{ file: string }>({
    title: 'Content file is missing',
    message: ({ file }) => `${file} does not exist, but the site needs it.`,
    hint: "Create the file (the site's collections in site.config.ts name it), or point --content at the right folder.",
  }),
  ContentJsonMalformed: entry<{ file: string; line?: number; reason: string }>({
    title: 'JSON file is malformed',
    message: ({ file, line, reason }) => `${file}${line ? `:${line}` : ''} is not valid JSON: ${reason}.`,
    hint: 'Check for a missing comma, an unclosed bracket, or a trailing comma near that line.',
  }),
  ContentFrontMatterMalformed: entry<{ file: string; reason: string }>({
    title: 'Front matter is malformed',
    message: ({ file, reason }) => `${file} has front matter that is not valid YAML: ${reason}.`,
    hint: 'Front matter sits between two lines of "---" at the top of the file; quote values that contain a colon.',
  }),
  ContentFieldInvalid: entry<{ file: string; line?: number; field: string; expected: string; found: string; choices?: string[] }>({
    title: 'Content field is invalid',
    message: ({ file, line, field, expected, found }) =>
      `${file}${line ? `:${line}` : ''}: field "${field}" ${expected}, but found ${found}.`,
    hint: ({ expected, choices }) =>
      /\bdate\b/.test(expected)
        ? 'Write dates as yyyy-MM-dd in quotes, for example date: "2025-10-24".'
        : choices
          ? `Use one of the values listed, spelled exactly (${choices.join(', ')}).`
          : "Fix the field in the file; its collection's schema in site.config.ts says what it takes.",
  }),
  ContentDuplicateSlug: entry<{ slug: string; files: string[] }>({
    title: 'Two entries share one slug',
    message: ({ slug, files }) => `The slug "${slug}" comes from more than one file: ${files.join(', ')}.`,
    hint: 'The slug is the file name without .md; rename one of the files.',
  }),
  // Content and template mistakes that would otherwise pass in silence: a list with nothing to list, one of mixed kinds, an island with no widget.
  ContentListEmpty: entry<{ dir: string; others: string[] }>({
    title: 'A list collection has no entries',
    message: ({ dir, others }) =>
      `${dir}/ has no entry files (.md, .json, .yaml or .yml)${others.length ? `: it holds ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}` : ''}, so its list would be empty.`,
    hint: 'Add an entry file to the folder, or check the folder name in its collection.list(dir, schema) in site.config.ts.',
  }),
  ContentListMixed: entry<{ dir: string; markdown: string; data: string }>({
    title: 'A list collection mixes markdown and data files',
    message: ({ dir, markdown, data }) => `${dir}/ holds both markdown and data entries: ${markdown} and ${data}.`,
    hint: 'A list is all .md files (front matter and a body) or all .json/.yaml files (data, no body): move one kind to a folder of its own, with its own collection.',
  }),
  ContentYamlMalformed: entry<{ file: string; line?: number; reason: string }>({
    title: 'YAML file is malformed',
    message: ({ file, line, reason }) => `${file}${line ? `:${line}` : ''} is not valid YAML: ${reason}.`,
    hint: 'Check the indentation near that line, and quote values that contain a colon.',
  }),
  StringMissing: entry<{ locale: string; key: string; file: string; exists: boolean }>({
    title: 'A UI string is missing in a locale',
    message: ({ locale, key, file, exists }) =>
      exists ? `${file} (locale "${locale}") has no string "${key}".` : `The locale "${locale}" has no strings file ${file}, so it lacks the string "${key}".`,
    hint: ({ key, file }) => `Add ${key}: <its translation> to ${file}: every locale's strings file holds every key the templates and the other locales use.`,
  }),
  TranslationMissing: entry<{ entry: string; locale: string }>({
    title: 'An entry has no translation in a locale',
    message: ({ entry, locale }) => `${entry} has no translation in the locale "${locale}".`,
    hint: ({ entry, locale }) =>
      `Write the ${locale} version beside it (${entry.replace(/(\.[a-z][a-z0-9-]*)?\.(md|json|ya?ml)$/i, `.${locale}.$2`)}), or set i18n.fallback to "page" in site.config.ts for a fallback page that shows the original.`,
  }),
  IslandUnknown: entry<{ name: string; route: string; template: string; near?: string; known: string[] }>({
    title: 'An island has no widget file',
    message: ({ name, route, template, near }) =>
      `The page ${route} (template "${template}") shows <Island name="${name}">, but there is no widgets/islands/${name}.tsx${near ? `: did you mean "${near}"?` : '.'}`,
    hint: ({ name, known }) =>
      `Create widgets/islands/${name}.tsx exporting the component, or name one that exists${known.length ? ` (${known.join(', ')})` : ' (the site has no islands yet)'}.`,
  }),
  ContentLinkOutside: entry<{ link: string; target: string; file?: string; line?: number; src?: string }>({
    title: 'A content link leads outside the site',
    message: ({ link, target, file, line, src }) =>
      `${link} is a symbolic link to ${target}, outside the site's folder` +
      (src ? `; ${file}${line ? `:${line}` : ''} shows the image ${src} through it.` : ': the build would publish what it points to.'),
    hint: "Copy what it points to into the site's folder (a link to a place inside the site is fine), or set followSymlinks: true in site.config.ts to publish what the content's links point to wherever it lies.",
  }),
  ImageAltMissing: entry<{ file: string; line?: number; src: string }>({
    title: 'Image has no alt text',
    message: ({ file, line, src }) => `${file}${line ? `:${line}` : ''}: the image ${src} has no alt text.`,
    hint: 'Describe what the image shows for readers who cannot see it: ![A chart of hours saved per week](./images/chart.png). Markdown cannot mark an image as decoration (alt=""): a purely decorative image belongs in a template, not in the text.',
  }),
  ArticleComponentUnknown: entry<{ file: string; line?: number; name: string; near?: string; known: string[] }>({
    title: 'Article names an unknown component',
    message: ({ file, line, name, near }) =>
      `${file}${line ? `:${line}` : ''}: the directive "${name}" names no component of the site${near ? `: did you mean "${near}"?` : '.'}`,
    hint: ({ known }) =>
      known.length
        ? `Write the name of one of the site's article components (${known.join(', ')}), e.g. :::${known[0]!.replace(/^./, (c) => c.toLowerCase())} … :::, or register the component in site.config.ts (markdown.components).`
        : 'The site has no article components: register one in site.config.ts (markdown.components), or remove the directive.',
  }),
  ArticleComponentProps: entry<{ file: string; line?: number; component: string; prop: string; reason: string; near?: string }>({
    title: 'Article component has a wrong prop',
    message: ({ file, line, component, prop, reason, near }) =>
      `${file}${line ? `:${line}` : ''}: the component ${component}, prop "${prop}": ${reason}${near ? ` (did you mean "${near}"?)` : ''}.`,
    hint: ({ component }) => `Fix the attribute in the directive's {…}, e.g. {name="text" count=3 open}; the props ${component} takes are its schema's (markdown.components in site.config.ts).`,
  }),
  ImageOutsideContent: entry<{ file: string; line?: number; src: string; field?: string }>({
    title: 'Image path leaves the content folder',
    message: ({ file, line, src, field }) => `${file}${line ? `:${line}` : ''}: ${field ? `field "${field}": ` : ''}the image ${src} is outside the content folder.`,
    hint: 'Keep images inside the content folder, next to the file that shows them (./images/chart.png), or use a URL that starts with / or https://.',
  }),
  ImageFileMissing: entry<{ file: string; line?: number; src: string; path: string; field?: string }>({
    title: 'Image file is missing',
    message: ({ file, line, src, path, field }) => `${file}${line ? `:${line}` : ''}: ${field ? `field "${field}": ` : ''}the image ${src} does not exist (looked for ${path}).`,
    hint: 'Image paths are relative to the file that names them: put the image there, or fix the path (./images/chart.png is the images folder beside the file).',
  }),
  ImageUnreadable: entry<{ path: string; file: string; line?: number; reason: string }>({
    title: 'Image cannot be decoded',
    message: ({ path, file, line, reason }) => `${path} (shown by ${file}${line ? `:${line}` : ''}) is not an image that can be decoded: ${reason}.`,
    hint: 'Export the image again as JPEG, PNG, WebP or AVIF (or SVG, GIF, which are copied); a truncated download or a file that is no image gives this error.',
  }),
  ImageSvgRefused: entry<{ path: string; file: string; line?: number; reason: string }>({
    title: 'SVG image cannot be made safe',
    message: ({ path, file, line, reason }) => `${path} (shown by ${file}${line ? `:${line}` : ''}) is an SVG the build cannot make safe to publish: ${reason}.`,
    hint: "Save it again as plain SVG (an optimizer such as SVGO writes one, without a DTD), or export it as PNG. A content SVG is published without scripts, event handlers, links and references outside the file (docs/media.md): it must read as XML for the build to tell what it holds.",
  }),
  ImageNotFound: entry<{ src: string; route?: string }>({
    title: 'Image unknown to the build',
    message: ({ src, route }) => `${route ? `${route}: ` : ''}<Image src="${src}"> names an image no content file names.`,
    hint: 'Give <Image> the value of a content field marked with image() in its schema (site.config.ts): the build makes the variants of the images the content names.',
  }),
  SiteConfigMissing: entry<{ root: string }>({
    title: 'No site here',
    message: ({ root }) => `${root} has no site.config.ts, the file that says what the site is.`,
    hint: 'Run the command in the folder of your site, or make a new one with `site init <dir>`.',
  }),
  SiteConfigFailed: entry<{ file: string; line?: number; reason: string }>({
    title: 'The site config could not be loaded',
    message: ({ file, line, reason }) => `${file}${line ? `:${line}` : ''}: ${reason}.`,
    hint: 'Fix the code near that line; site.config.ts and what it imports must compile and load without error.',
  }),
  SiteConfigInvalid: entry<{ file: string; line?: number; field: string; expected: string }>({
    title: 'The site config is invalid',
    message: ({ file, line, field, expected }) => `${file}${line ? `:${line}` : ''}: "${field}" ${expected}.`,
    hint: 'export default defineConfig({ collections, meta, routes, templates }) from site.config.ts; docs/reference.md lists every field.',
  }),
  SiteHookFailed: entry<{ hook: string; reason: string; plugin?: string; file?: string; line?: number; frames?: string[] }>({
    title: "The site's code threw",
    message: ({ hook, reason, plugin, file, line, frames }) =>
      `${at(file ?? 'site.config.ts', line)}${plugin ? `the \`${hook}\` hook of the plugin "${plugin}" threw: ${reason}.` : `the site's \`${hook}\` threw: ${reason}.`}${trace(frames)}`,
    hint: 'Fix that function (or what it calls): it gets the validated content and must not throw for it.',
  }),
  TemplateMissing: entry<{ route: string; template: string; known: string[] }>({
    title: 'A route names no template',
    message: ({ route, template, known }) => `The route ${route} asks for the template "${template}", which the config does not list (it has ${known.join(', ')}).`,
    hint: 'Add the component to `templates` in site.config.ts, or fix the route\'s template name.',
  }),
  RouteFileCollision: entry<{ file: string; routes: string[] }>({
    title: 'Two routes write one file',
    message: ({ file, routes }) => `The routes ${routes.join(' and ')} would both write ${file}.`,
    hint: 'Use distinct paths (or slugs) so every route writes its own file.',
  }),
  RedirectPathInvalid: entry<{ path: string; reason: string; file?: string; line?: number; field: string }>({
    title: 'A redirect path is invalid',
    message: ({ path, reason, file, line, field }) => `${file ? `${file}${line ? `:${line}` : ''}: ` : ''}"${path}" in ${field} ${reason}.`,
    hint: 'Write a path of this site as visitors request it: starting with "/", without "?", "#", "*", ":" segments, spaces, "." or ".." ("/old-post").',
  }),
  RedirectShadowsRoute: entry<{ from: string; route: string; file?: string; line?: number; field: string; output?: boolean }>({
    title: 'A redirect hides a page',
    message: ({ from, route, file, line, field, output }) =>
      `${file ? `${file}${line ? `:${line}` : ''}: ` : ''}${field} lists ${from}, which is ` +
      (output ? `the file ${route} of the output.` : `the ${from === route ? 'path' : 'file'} of the page ${route}.`),
    hint: 'A redirect is for a path no page lives at any more: remove it from the list, or move the page.',
  }),
  RedirectDuplicate: entry<{ from: string; targets: [string, string]; declaredBy: [string, string]; file?: string; line?: number; field: string }>({
    title: 'A path is redirected twice',
    message: ({ from, targets, declaredBy }) =>
      `${from} redirects to ${targets[0]} (${declaredBy[0]}) and to ${targets[1]} (${declaredBy[1]}).`,
    hint: 'Keep one of the two redirects.',
  }),
  RedirectTargetUnknown: entry<{ from: string; to: string; file?: string; line?: number; field: string }>({
    title: 'A redirect points nowhere',
    message: ({ from, to, file, line, field }) =>
      `${file ? `${file}${line ? `:${line}` : ''}: ` : ''}${field} sends ${from} to ${to}, which is not a page of the site.`,
    hint: 'Point it at the path of a route (as the sitemap lists them, "/blog/new-post"), or at an absolute https:// URL of another site.',
  }),
  RedirectChain: entry<{ from: string; to: string; next: string; file?: string; line?: number; field: string }>({
    title: 'A redirect leads to another redirect',
    message: ({ from, to, next, file, line }) =>
      `${file ? `${file}${line ? `:${line}` : ''}: ` : ''}${from} redirects to ${to}, which itself redirects to ${next}: visitors and search engines would be sent on twice.`,
    hint: ({ from, next }) => `Redirect ${from} straight to ${next}.`,
  }),
  RedirectLoop: entry<{ paths: string[]; file?: string; line?: number; field: string }>({
    title: 'Redirects form a loop',
    message: ({ paths, file, line }) =>
      `${file ? `${file}${line ? `:${line}` : ''}: ` : ''}the redirects ${paths.join(' -> ')} form a loop: the page would never load.`,
    hint: 'Remove one of these redirects, or point it at a page of the site.',
  }),
  SocialImageInvalid: entry<{ route: string; reason: string }>({
    title: "A route's social image data is invalid",
    message: ({ route, reason }) => `The route ${route} asks for a social image (its socialImage field), but ${reason}.`,
    hint: 'Give socialImage an object with a non-empty "title" string (and "eyebrow" and other fields as strings, numbers or booleans) in the site\'s route table, or leave socialImage out for the site\'s default image.',
  }),
  SocialCardFailed: entry<{ route: string; reason: string; file?: string; line?: number; frames?: string[] }>({
    title: 'A social card could not be drawn',
    message: ({ route, reason, file, line, frames }) => `${at(file, line)}The social image of ${route} failed: ${reason}.${trace(frames)}`,
    hint: "Fix socialImages.card in site.config.ts (or what it calls): it gets the route's socialImage data and must return satori-compatible elements (flexbox, inline styles, fonts from socialImages.fonts). `site build --no-social-images` builds without the images meanwhile.",
  }),
  SocialFontMissing: entry<{ file: string; reason: string }>({
    title: 'A social image font cannot be used',
    message: ({ file, reason }) => `site.config.ts: socialImages.fonts names ${file}, which ${reason}.`,
    hint: 'Put the font file (.woff, .ttf or .otf; woff2 is not read) in the templates folder and name it relative to the site root, e.g. "templates/fonts/inter-latin-700-normal.woff".',
  }),
  // Errors thrown by the site's own code while rendering: where (file:line from the bundles' source maps:
  // core/siteSource.ts, relative to the site), and the site's frames below it.
  TemplateRenderFailed: entry<{ route: string; template: string; reason: string; file?: string; line?: number; frames?: string[] }>({
    title: 'A template threw while rendering',
    message: ({ route, template, reason, file, line, frames }) =>
      `${at(file, line)}Rendering ${route} with ${template} failed: ${reason}.${trace(frames)}`,
    hint: 'Fix the template; templates receive data as props and must not throw for valid content.',
  }),
  IslandRenderFailed: entry<{ route: string; template: string; reason: string; file: string; line: number; frames?: string[] }>({
    title: 'An island threw while rendering on the server',
    message: ({ route, template, reason, file, line, frames }) =>
      `${at(file, line)}an island of ${route} (template ${template}) failed in its server render: ${reason}.${trace(frames)}`,
    hint: 'Fix the widget: its server render gets the props the template passes and runs in Node, where window, document and localStorage do not exist (use them in effects or event handlers).',
  }),
  TemplateCompileFailed: entry<{ file: string; line?: number; reason: string }>({
    title: 'A template could not be compiled',
    message: ({ file, line, reason }) => `${file}${line ? `:${line}` : ''}: ${reason}.`,
    hint: 'Fix the syntax near that line; the page reloads when the file compiles.',
  }),
  StylesheetInvalid: entry<{ file: string; line?: number; reason: string }>({
    title: 'Stylesheet could not be compiled',
    message: ({ file, line, reason }) => `${file}${line ? `:${line}` : ''}: ${reason}.`,
    hint: 'Fix the CSS syntax near that line.',
  }),
  ContentChangedDuringBuild: entry<{ file: string }>({
    title: 'Content changed during the build',
    message: ({ file }) => `${file} changed while the site was building.`,
    hint: 'Run the build again once the edit is saved.',
  }),
  AssetMissing: entry<{ name: string; dir: string }>({
    title: 'Static asset is missing',
    message: ({ name, dir }) => `A template references the asset "${name}", which is not in ${dir}.`,
    hint: 'Add the file to templates/static/ or correct the name in the template.',
  }),
  WidgetBundleFailed: entry<{ reason: string }>({
    title: 'Widgets could not be bundled',
    message: ({ reason }) => `esbuild could not bundle the widgets: ${reason}.`,
    hint: 'Fix the widget source named above; widgets run in the browser and may not import Node modules.',
  }),
  BudgetExceeded: entry<{ what: string; size: number; budget: number }>({
    title: 'JavaScript budget exceeded',
    message: ({ what, size, budget }) => `${what} is ${(size / 1024).toFixed(1)} KB gzip, over its budget of ${(budget / 1024).toFixed(1)} KB.`,
    hint: 'Wake the island on an interaction (hydrate="interaction": load, idle and visible count toward the first load), split it, or drop a dependency.',
  }),
  PageTooHeavy: entry<{ pages: { url: string; bytes: number }[]; budget: number }>({
    title: 'Page weight budget exceeded',
    message: ({ pages, budget }) =>
      `${pages.length === 1 ? 'A page has' : `${pages.length} pages have`} more HTML than the budget of ${kb(budget)} (${budget.toLocaleString('en-US')} bytes):\n  - ` +
      pages
        .slice(0, 10)
        .map((p) => `${p.url}: ${kb(p.bytes)} (${p.bytes.toLocaleString('en-US')} bytes)`)
        .concat(pages.length > 10 ? [`… and ${pages.length - 10} more`] : [])
        .join('\n  - '),
    hint: 'Split the listing into pages (paginate(items, size, base) in the route table) or show less on it; raise budgets.pageBytes in site.config.ts only for a page that must be this big.',
  }),
  CheckFailed: entry<{ check: string; problems: string[] }>({
    title: 'Build check failed',
    message: ({ check, problems }) => `${check}:\n  - ${problems.join('\n  - ')}`,
    hint: 'Fix each page listed above; every check is described in docs/architecture.md ("Build checks").',
  }),
  OutputDirUnsafe: entry<{ dir: string; reason: string }>({
    title: 'Output folder is protected',
    message: ({ dir, reason }) => `Refusing to replace ${dir}: it ${reason}. Building replaces the output folder whole.`,
    hint: ({ reason }) =>
      reason.startsWith('is a git repository tracking') || reason.startsWith('is a git repository whose')
        ? "Only a repository of this site's output (a pages branch, whose .site-build lists what the last build wrote, besides the --keep entries) is refilled, with or without --empty-out-dir; this one tracks files of its own, or git could not say what it tracks (`git status` in it says why). Pass an --out folder of its own, such as dist; to publish into this repository, remove those files from it first (git rm), or check out its pages branch there."
        : reason.startsWith('is a git repository')
          ? 'To publish from this repository (a pages branch checked out here), add --keep .git (and any file of yours, such as CNAME): the build then replaces everything else and leaves those in place. Otherwise pass an --out folder of its own, such as dist.'
          : reason.startsWith('holds files tracked by git')
            ? 'Pass an --out folder of its own that git ignores, such as dist, and copy the output from there; to publish from a repository of its own, check it out as the output folder and add --keep .git. --empty-out-dir does not apply to this folder.'
            : 'Pass an --out folder of its own, such as dist; --empty-out-dir does not apply to this folder.',
  }),
  OutputDirNotEmpty: entry<{ dir: string; entries: string[]; count: number; marker: string }>({
    title: 'Output folder holds files the build did not write',
    message: ({ dir, entries, count, marker }) =>
      `${dir} is not empty and lacks the ${marker} file that \`site build\` leaves in every folder it writes; it holds ${entries.join(', ')}` +
      `${count > entries.length ? ` and ${count - entries.length} more` : ''}. Building would replace the folder and delete all of that.`,
    hint: 'Pass an --out folder that is missing or empty, or add --empty-out-dir to confirm that everything in this one may be deleted.',
  }),
  OutputDirHasOthers: entry<{ dir: string; entries: string[]; count: number; marker: string }>({
    title: 'Output folder holds files the last build did not write',
    message: ({ dir, entries, count, marker }) =>
      `${dir} holds ${entries.join(', ')}${count > entries.length ? ` and ${count - entries.length} more` : ''}, which the last build did not write (its ${marker} file lists what it wrote). ` +
      'Building would replace the folder and delete them.',
    hint: ({ entries }) =>
      `Move them out of the folder, or add --keep ${entries.join(',')} to have every build leave them in place; --empty-out-dir deletes them.`,
  }),
  OutputKeepInvalid: entry<{ name: string; reason: string }>({
    title: 'An entry to keep is not a name',
    message: ({ name, reason }) => `--keep "${name}" ${reason}.`,
    hint: 'Name entries at the top of the output folder, separated by commas: --keep .git,CNAME.',
  }),
  OutputKeepWritten: entry<{ names: string[] }>({
    title: 'The build writes an entry it was asked to keep',
    message: ({ names }) => `The build writes ${names.join(', ')}, which --keep asks it to leave in place as it is.`,
    hint: 'Leave that name out of --keep (the build then writes it), or stop the site from writing it.',
  }),
  OutputJournalUnreadable: entry<{ file: string; outDir: string }>({
    title: 'The output folder has a journal this build cannot read',
    message: ({ file, outDir }) => `${file} should hold the list of files a build was putting into ${outDir} when it stopped, but it is not a journal this version of the engine wrote whole. Until it is dealt with, ${outDir} may hold files of two builds.`,
    hint: ({ file, outDir }) => `Delete ${file} and ${outDir}, then build again: the build writes the whole output afresh.`,
  }),
  // A build split across machines (generator/split/): `site build --shard i/n`, then `site build --merge <dirs…>`.
  ShardOptionInvalid: entry<{ value: string }>({
    title: 'Shard is not of the form i/n',
    message: ({ value }) => `--shard "${value}" is not a shard: it takes i/n, a whole number i from 1 to n.`,
    hint: 'Give each machine its own slice of the same count: --shard 1/4, --shard 2/4, --shard 3/4, --shard 4/4.',
  }),
  ShardFolderInvalid: entry<{ dir: string; reason: string }>({
    title: 'Not a shard folder',
    message: ({ dir, reason }) => `${dir} is not the output of \`site build --shard\`: ${reason}.`,
    hint: 'Pass --merge the folders the shards wrote (their --out), each as it was written: every one holds a .site-shard.json.',
  }),
  ShardTampered: entry<{ dir: string; file: string; reason: string }>({
    title: 'A shard folder was altered',
    message: ({ dir, file, reason }) => `${dir} is not as \`site build --shard\` wrote it: ${file} ${reason}. Nothing was merged.`,
    hint: 'Build that shard again and pass --merge the folder it writes, as it was written: a shard folder holds regular files and folders only (no symbolic link), each file as its .site-shard.json lists it (size and SHA-256), its pages at their routes\' files and its other files under assets/images/ and assets/social/. The previous output is as it was.',
  }),
  ShardsIncomplete: entry<{ count: number; missing: number[] }>({
    title: 'Shards are missing',
    message: ({ count, missing }) => `The build was split into ${count} shards; ${missing.map((i) => `${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the folders given.`,
    hint: 'Pass --merge one folder of every shard: a shard job that failed or whose folder was not downloaded must run again.',
  }),
  ShardDuplicated: entry<{ shard: string; dirs: string[] }>({
    title: 'A shard is given twice',
    message: ({ shard, dirs }) => `Shard ${shard} is in more than one folder: ${dirs.join(', ')}.`,
    hint: 'Pass each shard once: two jobs built the same --shard, or one folder was given twice.',
  }),
  ShardsDiffer: entry<{ what: 'engine' | 'count' | 'content' | 'config'; dir: string; other: string; found: string; expected: string }>({
    title: 'Shards come from different builds',
    message: ({ what, dir, other, found, expected }) =>
      what === 'engine'
        ? `${dir} was built by site ${found}, ${other} by site ${expected}.`
        : what === 'count'
          ? `${dir} is a shard of ${found}, ${other} of ${expected}.`
          : `${dir} was built from other ${what === 'content' ? 'content' : 'config, templates, widgets or options'} than ${other} (${what} hash ${found.slice(0, 12)} against ${expected.slice(0, 12)}).`,
    hint: ({ what }) =>
      what === 'engine'
        ? 'Build every shard and the merge with the same engine version (the same package-lock.json).'
        : what === 'count'
          ? 'Split every shard by the same count: --shard i/n with one n.'
          : 'Build every shard and the merge from the same commit with the same options (--site-url, --drafts, --future, --no-social-images, the backend settings): a commit pushed between the jobs changes it.',
  }),
  CacheDirNotEmpty: entry<{ dir: string; entries: string[]; count: number }>({
    title: 'Cache folder holds files the build did not write',
    message: ({ dir, entries, count }) =>
      `${dir} is not a build cache: it holds ${entries.join(', ')}${count > entries.length ? ` and ${count - entries.length} more` : ''}. ` +
      'The build cache deletes the files it no longer needs from its folder.',
    hint: 'Pass a --cache-dir that is missing or empty (or leave it out: .site/cache/build).',
  }),
  InitDirNotEmpty: entry<{ dir: string; entries: string[]; count: number; isFile?: boolean; command: string }>({
    title: 'Folder for the new site is not empty',
    message: ({ dir, entries, count, isFile, command }) =>
      `${dir} ${isFile ? 'is a file' : `already holds ${entries.join(', ')}${count > entries.length ? ` and ${count - entries.length} more` : ''}`}. ` +
      `\`${command}\` writes a new site only into a folder that is missing or empty, so it never overwrites a file.`,
    hint: ({ command }) => `Pass a new folder, for example \`${command} my-site\`, or empty this one first.`,
  }),
  InitTemplateUnknown: entry<{ name: string; known: string[]; near?: string }>({
    title: 'No such template',
    message: ({ name, near }) => `There is no template "${name}"${near ? `: did you mean "${near}"?` : '.'}`,
    hint: ({ known }) => `Pass --template with one of ${known.join(', ')}.`,
  }),
  SiteUrlInvalid: entry<{ url: string }>({
    title: 'Site URL is invalid',
    message: ({ url }) => `"${url}" is not an absolute http(s) URL.`,
    hint: 'Pass --site-url https://example.com or fix "url" in content/site.json.',
  }),
  PortInUse: entry<{ port: number; host: string; flag?: string }>({
    title: 'Port is already in use',
    message: ({ port, host, flag }) => `Another program is listening on ${host}:${port}${flag ? ` (${flag})` : ''}.`,
    hint: ({ port, flag }) => `Stop that program, or pass another port, for example ${flag ?? '--port'} ${port + 1}.`,
  }),
  PreviewDirMissing: entry<{ dir: string }>({
    title: 'Nothing to preview',
    message: ({ dir }) => `${dir} has no index.html: the site has not been built there.`,
    hint: 'Run `npx site build` first, or pass --dir with the folder you built into.',
  }),
  BackendFailed: entry<{ code: string; reason: string; hint?: string }>({
    title: 'Backend command failed',
    message: ({ code, reason }) => `${reason} (${code})`,
    hint: ({ hint }) => hint ?? 'Run `site backend status --json` to see where the backend lives.',
  }),
} as const;

export type ErrorCode = keyof typeof errorTable;
type ArgsOf<C extends ErrorCode> = (typeof errorTable)[C] extends ErrorEntry<infer A> ? A : never;

export class SiteError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly title: string;
  readonly hint: string;
  readonly args: ArgsOf<C>;
  readonly location: ErrorLocation;

  constructor(code: C, args: ArgsOf<C>) {
    const e = errorTable[code] as unknown as ErrorEntry<ArgsOf<C>>;
    super(e.message(args));
    this.name = 'SiteError';
    this.code = code;
    this.title = e.title;
    this.hint = typeof e.hint === 'function' ? e.hint(args) : e.hint;
    this.args = args;
    const a = args as ErrorLocation;
    this.location = { file: a.file, line: a.line, field: a.field };
  }
}

export const isSiteError = (e: unknown): e is SiteError => e instanceof SiteError;

/** Plain-text rendering shared by the CLI and the dev server's terminal (which also gets errors flattened from its worker). */
export function formatSiteError(e: { title: string; code: string; message: string; hint: string }): string {
  return `${e.title} [${e.code}]\n${e.message}\nHint: ${e.hint}`;
}

/**
 * What the CLI prints for an error a command threw, and its exit code: 1 for a user's mistake (a SiteError),
 * 2 for anything else (an internal error, with its stack).
 */
export function errorReport(e: unknown): { code: 1 | 2; text: string } {
  if (isSiteError(e)) return { code: 1, text: `\n${formatSiteError(e)}\n\n` };
  return { code: 2, text: `\nUnexpected internal error (please report it):\n${(e as Error).stack ?? String(e)}\n` };
}

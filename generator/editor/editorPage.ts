/** The editor's page: a shell its script fills; no inline script or style (the page's CSP allows none). Pure. */
export function editorPage(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Site editor</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}editor.css">
<script type="module" src="${base}editor.js"></script>
</head>
<body class="site-editor">
<header class="ed-top" aria-label="Site editor"><h1>Site editor</h1><ul class="ed-views" aria-label="Views"><li><a href="#">Entries</a></li><li><a href="#publish">Publish</a></li><li><a href="#media">Media</a></li></ul><p id="ed-status" role="status" aria-live="polite"></p></header>
<div class="ed-layout">
<nav class="ed-nav" aria-labelledby="ed-nav-title"><h2 id="ed-nav-title">Content</h2><div id="ed-list"></div></nav>
<main id="ed-main" class="ed-main" tabindex="-1" aria-label="Entry"><h2 id="ed-title">Choose an entry</h2><p>Pick an entry on the left to edit it, or make a new one.</p></main>
</div>
</body>
</html>
`;
}

/** The "Edit this page" link dev adds at the end of an entry's page (placed by the editor's stylesheet). Pure. */
export function editLink(base: string, file: string): string {
  const href = `${base}#${encodeURIComponent(file)}`;
  return `<link rel="stylesheet" href="${base}link.css"><aside class="site-editor-link" aria-label="Editor"><a href="${href}">Edit this page</a></aside>`;
}

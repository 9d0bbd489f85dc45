/**
 * The dev error overlay: the same texts as the CLI (title, code, message,
 * file, line, field, hint), as a full page when a page cannot render.
 * Pure; HTML-escaped.
 */
import type { WireError } from './workerProtocol.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function overlayHtml(error: WireError, clientScript: string): string {
  const where = error.file ? `${error.file}${error.line ? `:${error.line}` : ''}${error.field ? ` (field "${error.field}")` : ''}` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(error.title)} · site dev</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#1f1f23;color:#f4f4f5}main{max-width:56rem;margin:0 auto;padding:2rem}
h1{color:#fca5a5;font-size:1.4rem}code,pre{font:14px/1.5 ui-monospace,monospace}pre{white-space:pre-wrap;background:#111113;padding:1rem;border-radius:.5rem}
.where{color:#93c5fd}.hint{background:#14532d;padding:1rem;border-radius:.5rem}</style>
<script type="module" src="${clientScript}"></script></head>
<body><main role="alert" data-site-overlay><h1>${esc(error.title)} <code>[${esc(error.code)}]</code></h1>
${where ? `<p class="where">${esc(where)}</p>` : ''}<pre>${esc(error.message)}</pre>
<p class="hint"><strong>Hint:</strong> ${esc(error.hint)}</p>
<p>Fix the file and save: this page reloads by itself.</p></main></body></html>`;
}

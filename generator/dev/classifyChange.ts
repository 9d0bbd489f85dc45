/** What a changed file means for `site dev`. Pure. */
import path from 'node:path';
import { IMAGE_FILE } from '../images/imageTypes.ts';

export type ChangeKind = 'content' | 'style' | 'template' | 'static' | 'widget' | 'migration' | 'ignore';

export interface Roots {
  contentDir: string;
  templatesDir: string;
  widgetsDir: string;
  supabaseDir: string;
  /** site.config.ts: like a template, it is part of the render worker's bundle. */
  configFile?: string;
  /** The article components (components/): part of the render worker's bundle, as templates are. */
  componentsDir?: string;
}

export function classifyChange(file: string, roots: Roots): { kind: ChangeKind; rel: string } {
  const inside = (dir: string) => {
    const rel = path.relative(dir, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
  };
  if (roots.configFile && path.resolve(file) === path.resolve(roots.configFile)) return { kind: 'template', rel: path.basename(file) };
  let rel = inside(roots.contentDir);
  // A content image is content too: the pages that show it reload.
  if (rel) return { kind: /\.(md|json|ya?ml)$/.test(rel) || IMAGE_FILE.test(rel) ? 'content' : 'ignore', rel };
  rel = inside(roots.templatesDir);
  if (rel) {
    if (rel.startsWith('styles/')) return { kind: 'style', rel };
    if (rel.startsWith('static/')) return { kind: 'static', rel };
    return { kind: /\.(tsx?|jsx?)$/.test(rel) ? 'template' : 'ignore', rel };
  }
  rel = roots.componentsDir ? inside(roots.componentsDir) : null;
  if (rel) return { kind: /\.(tsx?|jsx?|json)$/.test(rel) ? 'template' : 'ignore', rel };
  rel = inside(roots.widgetsDir);
  if (rel) return { kind: /\.(tsx?|jsx?|json)$/.test(rel) ? 'widget' : 'ignore', rel };
  rel = inside(path.join(roots.supabaseDir, 'migrations'));
  if (rel) return { kind: rel.endsWith('.sql') ? 'migration' : 'ignore', rel };
  return { kind: 'ignore', rel: file };
}

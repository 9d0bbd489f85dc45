/**
 * Bundles templates/styles/main.css (and its @imports) with lightningcss:
 * nesting and modern syntax lowered for the browser targets, minified,
 * written under a content-hashed name. With `highlight`, the default colours
 * of highlighted code follow (content/highlightCss.ts: in a cascade layer,
 * so the site's own rules win; dark when the site's colour scheme is).
 */
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { declaredColorScheme, highlightCss } from '../content/highlightCss.ts';
import { hashName } from './hashName.ts';

// Evergreen browsers of the last two years (what a Chrome-extension audience runs).
const browsers = ['chrome 111', 'edge 111', 'firefox 114', 'safari 16.4'];

export interface CompiledCss {
  file: string;
  code: Uint8Array;
  /** Every CSS file that went into the bundle (for dev watching). */
  sources: string[];
}

export async function compileCss(entry: string, options: { highlight?: boolean } = {}): Promise<CompiledCss> {
  const sources: string[] = [];
  // Loaded here, not at start-up: a build whose stylesheet comes from the cache never needs it (~15 ms).
  const { bundleAsync, browserslistToTargets } = await import('lightningcss');
  try {
    let { code } = await bundleAsync({
      filename: entry,
      minify: true,
      targets: browserslistToTargets(browsers),
      resolver: {
        resolve(specifier, from) {
          const resolved = path.resolve(path.dirname(from), specifier);
          sources.push(resolved);
          return resolved;
        },
      },
    });
    if (options.highlight) {
      const css = Buffer.from(code).toString('utf8');
      code = new Uint8Array(Buffer.from(css + highlightCss(declaredColorScheme(css))));
    }
    return { file: hashName('main.css', code), code, sources: [entry, ...sources] };
  } catch (e) {
    const err = e as { fileName?: string; loc?: { line: number }; message: string };
    throw new SiteError('StylesheetInvalid', {
      file: path.relative(process.cwd(), err.fileName ?? entry),
      line: err.loc?.line,
      reason: err.message,
    });
  }
}

/** What `site init` and `npm create` print once the site is made: its files, then what to run. Pure. */
import path from 'node:path';

export interface MadeSite {
  /** The new site's folder (absolute). */
  dir: string;
  name: string;
  template: string;
  /** The files written, relative to dir, sorted. */
  files: string[];
}

/** `asked`: the folder as the user named it; `cwd`: where they are. */
export function nextSteps(made: MadeSite, asked: string, cwd: string): string {
  return (
    `Made the site "${made.name}" (the ${made.template} template) in ${made.dir}:\n${made.files.map((f) => `  ${f}`).join('\n')}\n\nNext:\n` +
    (path.resolve(cwd, asked) === cwd ? '' : `  cd ${asked}\n`) +
    '  npm install          install the engine and the packages the templates import\n' +
    '  npx site dev         serve it at http://127.0.0.1:4321, reloading on every change\n' +
    '  npx site build       build it into dist/\n' +
    '  npx site preview     serve dist/ as a static host would\n' +
    'README.md says where things live and how to add a page, a collection or an island.\n'
  );
}

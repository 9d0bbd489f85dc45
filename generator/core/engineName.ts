/** The engine's package name (package.json's): what sites import it as, `<name>`, `<name>/islands`, `<name>/client`, `<name>/search`. */
import { readFileSync } from 'node:fs';

export const ENGINE_NAME: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string }).name;

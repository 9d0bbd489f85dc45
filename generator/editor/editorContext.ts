/** What the editor's API works with: the content folder, the render worker's answers, the terminal. */
import type { EditorAsk } from './editorTypes.ts';

export interface EditorContext {
  contentDir: string;
  /** The render worker's answer (once the changes before have been applied). */
  ask(ask: EditorAsk): Promise<unknown>;
  /** A line for site dev's terminal (a refused save, with the build's file and line). */
  log?(line: string): void;
}

export interface ApiRequest {
  method: string;
  route: string;
  query: URLSearchParams;
  body: Buffer;
}

/** What the shared passes read and write while one document renders (markdown-it's env), for both engines. */
import type { MarkdownSource } from '../../images/markdownImages.ts';
import type { ComponentEnv } from '../components/placeComponents.ts';

export interface SiteEnv {
  headings: { depth: number; text: string; id: string }[];
  words: number;
  /** The file being rendered: relative images resolve against it, and their errors name it. */
  at?: MarkdownSource;
  /** The article components the text places (components/placeComponents.ts), when it places any. */
  components?: ComponentEnv;
}

/** What finishTokens notes on an image token for the image rule: its line in the text, and whether it is in the first block. */
export interface ImageMeta {
  line: number;
  priority: boolean;
}

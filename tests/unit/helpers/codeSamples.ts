/** Code the highlighting tests feed to shiki: a TypeScript module with a comment, a template string and generics. */
export const TS_SAMPLE = [
  "import { generate } from './decks.ts';",
  '',
  '// Ten slides in the brand theme.',
  'export async function deck(title: string, slides = 10): Promise<Deck> {',
  '  const theme = { name: "brand", dark: false } as const;',
  '  if (slides < 1 && title.length > 0) throw new Error(`No slides for ${title}`);',
  '  return generate({ title, slides, theme });',
  '}',
  '',
  'export default deck;',
];

/** A blog article of this site as an author writes it: the front matter its schema asks for, then `body` (markdown lines). */
export function articleSource({ title, description, body }: { title: string; description: string; body: string[] }): string {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(description)}`,
    'date: "2025-01-15"',
    'readTime: "2 min read"',
    'category: "Tools"',
    'author: "The Decksmith Team"',
    '---',
    '',
    ...body,
    '',
  ].join('\n');
}

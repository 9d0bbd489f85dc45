/**
 * Writes N valid, varied articles (~600 words: headings, lists, links, code,
 * quotes, a table) into a content folder, for the build benchmark. Seeded,
 * so every run writes the same corpus.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const words = (
  'brand deck slide layout color font template prompt team sales marketing chart story audience pitch review quarter ' +
  'metric insight design theme outline speaker notes consistency logo spacing grid contrast headline summary'
).split(' ');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export function generateArticle(i: number): string {
  const r = rng(i + 1);
  const pick = () => words[Math.floor(r() * words.length)]!;
  const sentence = (n: number) => {
    const s = Array.from({ length: n }, pick).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  const para = (n: number) => Array.from({ length: n }, () => sentence(8 + Math.floor(r() * 8))).join(' ');
  const sections = Array.from({ length: 5 }, (_, s) => {
    const parts = [`## Part ${s + 1}: ${pick()} and ${pick()}`, para(6)];
    if (s % 2 === 0) parts.push(`- ${sentence(6)}\n- ${sentence(7)}\n- **${sentence(4)}** with [pricing](/pricing)`);
    if (s === 1) parts.push(`> ${sentence(14)}`);
    if (s === 2) parts.push('```js\nconst deck = await generate({ slides: 10, theme: "brand" });\n```');
    if (s === 3) parts.push(`| ${pick()} | ${pick()} |\n|---|---|\n| ${pick()} | ${pick()} |\n| ${pick()} | ${pick()} |`);
    parts.push(`${para(3)} Read more on [the blog](/blog) or see [Enterprise](/enterprise).`);
    return parts.join('\n\n');
  });
  const month = String(1 + (i % 12)).padStart(2, '0');
  const day = String(1 + (i % 28)).padStart(2, '0');
  const category = ['Opinion', 'Comparisons', 'Tools'][i % 3];
  return `---
title: "Benchmark article ${i}: ${pick()} ${pick()}"
description: "Generated article ${i} about ${pick()} and ${pick()}, written for the build benchmark."
date: "2024-${month}-${day}"
readTime: "3 min read"
category: "${category}"
author: "Benchmark"
---

${sections.join('\n\n')}
`;
}

export async function generateArticles(contentDir: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, (_, k) =>
        writeFile(path.join(contentDir, 'blog', `bench-${String(i + k).padStart(5, '0')}.md`), generateArticle(i + k)),
      ),
    );
  }
}

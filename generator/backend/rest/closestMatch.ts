/**
 * Pure: the candidate closest to `query`, or null when none scores at least
 * `minScore`: the fuzzy string set PostgREST's hints use (character n-grams
 * of sizes 3 then 2 over the lower-cased letters, digits, spaces and commas,
 * framed with '-'; the candidates sharing grams ranked by cosine similarity,
 * the best fifty re-scored as 1 - Levenshtein distance / longer length). An
 * exact (case-insensitive) match scores 1.
 */
export function closestMatch(candidates: readonly string[], query: string, minScore: number): string | null {
  const key = query.toLowerCase();
  const entries = new Map<string, string>();
  for (const c of candidates) if (!entries.has(c.toLowerCase())) entries.set(c.toLowerCase(), c);
  const exact = entries.get(key);
  if (exact !== undefined) return exact;
  for (const size of [3, 2]) {
    const queryVector = gramVector(key, size);
    const queryNorm = norm(queryVector);
    const scored: { score: number; entry: string }[] = [];
    for (const entry of entries.keys()) {
      const vector = gramVector(entry, size);
      let dot = 0;
      for (const [gram, count] of queryVector) dot += count * (vector.get(gram) ?? 0);
      if (dot > 0) scored.push({ score: dot / (queryNorm * norm(vector)), entry });
    }
    const best = scored
      .sort((a, b) => b.score - a.score)
      .slice(0, 50)
      .map(({ entry }) => ({ score: 1 - levenshtein(key, entry) / Math.max(key.length, entry.length, 1), entry }))
      .sort((a, b) => b.score - a.score)
      .filter((s) => s.score >= minScore);
    if (best.length) return entries.get(best[0].entry) ?? null;
  }
  return null;
}

function gramVector(value: string, size: number): Map<string, number> {
  const text = `-${value.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '')}-`;
  const vector = new Map<string, number>();
  const chars = [...text];
  for (let i = 0; i <= chars.length - size; i++) {
    const gram = chars.slice(i, i + size).join('');
    vector.set(gram, (vector.get(gram) ?? 0) + 1);
  }
  return vector;
}

function norm(vector: Map<string, number>): number {
  let sum = 0;
  for (const count of vector.values()) sum += count * count;
  return Math.sqrt(sum);
}

function levenshtein(a: string, b: string): number {
  const [s, t] = [[...a], [...b]];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[t.length];
}

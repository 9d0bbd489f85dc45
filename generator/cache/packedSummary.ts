/**
 * Page summaries as the pages pack stores them: every id and reference as
 * a number into one table of strings for the whole pack. Thousands of
 * pages carry the same nav, footer and card links (a 4,000-article site:
 * 250,000 ids and refs, 8,600 distinct), so the pack is less than half
 * the size, and reading it creates each string once instead of once per
 * page that shows it. Pure.
 */
import type { PageSummary } from '../checks/summarizePage.ts';
import { layerOff } from '../speedLayers.cjs';

export type PackedSummary = Omit<PageSummary, 'ids' | 'refs'> & { ids: number[]; refs: number[] };

export class SummaryTable {
  private readonly index = new Map<string, number>();

  /** `strings`: a table read back from a pack (empty to start a new one). */
  constructor(readonly strings: string[] = []) {
    strings.forEach((s, i) => this.index.set(s, i));
  }

  private number(s: string): number {
    let n = this.index.get(s);
    if (n === undefined) {
      n = this.strings.push(s) - 1;
      this.index.set(s, n);
    }
    return n;
  }

  pack(s: PageSummary): PackedSummary {
    // Measuring the table (speedLayers.cjs): the strings themselves, which unpack reads as they are.
    if (layerOff('stringTable')) return s as unknown as PackedSummary;
    return { ...s, ids: s.ids.map((id) => this.number(id)), refs: s.refs.map((ref) => this.number(ref)) };
  }

  /** The summary again, or null when it refers past the end of the table (a pack that does not add up). */
  unpack(s: PackedSummary): PageSummary | null {
    const strings = this.strings;
    const look = (list: unknown) => {
      if (!Array.isArray(list)) return null;
      const out: string[] = new Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const text = typeof list[i] === 'string' ? (list[i] as string) : strings[list[i] as number];
        if (typeof text !== 'string') return null;
        out[i] = text;
      }
      return out;
    };
    const ids = look(s.ids);
    const refs = look(s.refs);
    return ids && refs ? { ...s, ids, refs } : null;
  }
}

/**
 * An icon from lucide-static, inlined as SVG at build time. Decorative:
 * hidden from assistive technology; the text next to it carries the meaning.
 */
import {
  ArrowLeft, ArrowRight, Briefcase, CalendarClock, ChartColumn, Check, ChevronDown, ClipboardList, Clock, Code, Globe, Layers,
  Mail, Megaphone, Menu, Minus, Palette, Play, Plug, Presentation, Puzzle, Quote, Repeat, Rocket, Search,
  ShieldCheck, SlidersHorizontal, Sparkles, Users, X,
} from 'lucide-static';
import type { IconName } from '../schemas.ts';

const svgs: Record<IconName, string> = {
  ArrowLeft, ArrowRight, Briefcase, CalendarClock, ChartColumn, Check, ChevronDown, ClipboardList, Clock, Code, Globe, Layers,
  Mail, Megaphone, Menu, Minus, Palette, Play, Plug, Presentation, Puzzle, Quote, Repeat, Rocket, Search,
  ShieldCheck, SlidersHorizontal, Sparkles, Users, X,
};

const cache = new Map<IconName, string>();

/** lucide's markup, compacted, without its fixed size and class (CSS sizes the icon). */
function markup(name: IconName): string {
  let svg = cache.get(name);
  if (!svg) {
    svg = svgs[name]
      .replace(/\s*\n\s*/g, ' ')
      .replace(/>\s+</g, '><')
      .replace(/^\s*<svg[^>]*>/, (open) => open.replace(/ (class|width|height)="[^"]*"/g, '').replace('<svg', '<svg focusable="false"'))
      .trim();
    cache.set(name, svg);
  }
  return svg;
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={className ? `icon ${className}` : 'icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup(name) }} />;
}

/**
 * The site's social card (site.config.ts `socialImages`): the image a link to an article shows on social
 * networks and in chat apps, 1200x630. Drawn by satori at build time, so only flexbox and inline styles,
 * in the Inter font of templates/fonts/: the brand gradient, the Decksmith mark and name, the article's
 * category and its title (three lines at most, then an ellipsis). Colors are those of
 * templates/styles/tokens.css. Pure.
 */
import type { SiteMeta, SocialCardData } from 'skerry';

/** tokens.css: --gradient-brand, --color-brand, --color-brand-soft, --color-focus-on-dark, --color-on-dark-muted. */
const color = {
  gradient: 'linear-gradient(135deg, #312e81 0%, #4338ca 55%, #6d28d9 100%)',
  brand: '#4f46e5',
  brandSoft: '#a5b4fc',
  eyebrow: '#fcd34d',
  text: '#ffffff',
  muted: '#cbd5e1',
};

/** The logo's mark (templates/static/logo.svg) in boxes: a slide on a stand, on a white tile. */
function Mark() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 64, height: 64, borderRadius: 14, backgroundColor: color.text }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', width: 36, height: 24, borderRadius: 4, backgroundColor: color.brand, padding: '0 6px' }}>
          <div style={{ width: 16, height: 4, borderRadius: 2, backgroundColor: color.text, marginBottom: 4 }} />
          <div style={{ width: 22, height: 4, borderRadius: 2, backgroundColor: color.brandSoft }} />
        </div>
        <div style={{ width: 4, height: 6, backgroundColor: color.brand }} />
        <div style={{ width: 16, height: 4, borderRadius: 2, backgroundColor: color.brand }} />
      </div>
    </div>
  );
}

export function SocialCard(data: SocialCardData, meta: SiteMeta) {
  const title = data.title.length > 160 ? `${data.title.slice(0, 159)}…` : data.title;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        // satori sizes boxes without their padding unless told.
        boxSizing: 'border-box',
        width: 1200,
        height: 630,
        padding: '72px 80px',
        backgroundImage: color.gradient,
        color: color.text,
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <Mark />
        <div style={{ fontSize: 40, fontWeight: 700, marginLeft: 24, letterSpacing: -0.5 }}>{meta.name}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', width: 1040 }}>
        {data.eyebrow ? (
          <div style={{ fontSize: 28, fontWeight: 700, color: color.eyebrow, textTransform: 'uppercase', letterSpacing: 2, marginBottom: 20 }}>{data.eyebrow}</div>
        ) : null}
        <div style={{ display: 'block', width: 1040, fontSize: 64, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1, lineClamp: 3 }}>{title}</div>
      </div>
      <div style={{ display: 'flex', fontSize: 26, color: color.muted }}>{new URL(meta.url).host}</div>
    </div>
  );
}

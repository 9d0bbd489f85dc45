/** The heading block of a section: optional eyebrow, h2 (with the id the section is labelled by) and intro. */
export function SectionHeader({ id, heading, intro, align }: { id: string; heading: string; intro?: string; align?: 'center' }) {
  return (
    <header className={align ? `section-header section-header-${align}` : 'section-header'}>
      <h2 id={id}>{heading}</h2>
      {intro && <p className="lead">{intro}</p>}
    </header>
  );
}

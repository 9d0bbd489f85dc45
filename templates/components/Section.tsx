import type { ReactNode } from 'react';
import { SectionHeader } from './SectionHeader.tsx';

export type Tone = 'plain' | 'tint' | 'dark';

/**
 * A page section: landmark labelled by its heading, a centered container,
 * the heading block and the section's own content.
 */
export function Section(props: {
  id: string;
  heading: string;
  intro?: string;
  tone?: Tone;
  align?: 'center';
  className?: string;
  children: ReactNode;
}) {
  const { id, heading, intro, tone = 'plain', align, className, children } = props;
  return (
    <section className={['section', `section-${tone}`, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <div className="container">
        <SectionHeader id={id} heading={heading} intro={intro} align={align} />
        {children}
      </div>
    </section>
  );
}

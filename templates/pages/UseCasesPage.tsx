import { ChromeButton } from '../components/ChromeButton.tsx';
import { UseCaseItem } from '../components/UseCaseItem.tsx';
import { CtaBand } from '../sections/CtaBand.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { Testimonial } from '../sections/Testimonial.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function UseCasesPage(_: PageProps) {
  const page = useSite().content.pages['use-cases'];
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} heading={page.hero.heading} lead={page.hero.lead} />
      <div className="section section-plain section-flush-top">
        <div className="container container-medium">
          <div className="use-cases" data-use-cases="">
            {page.items.map((item, i) => (
              <UseCaseItem key={item.title} item={item} labels={page.labels} open={i === 0} />
            ))}
          </div>
        </div>
      </div>
      <Testimonial quote={page.quote} />
      <CtaBand id="cta-heading" cta={page.cta}>
        <ChromeButton variant="light" size="lg" />
      </CtaBand>
    </>
  );
}

import { CheckList } from '../components/CheckList.tsx';
import { ChromeButton } from '../components/ChromeButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { useSite } from '../SiteContext.ts';
import { demoDialogId } from './DemoDialog.tsx';

/** Home hero: headline, Add to Chrome, Watch Demo (opens the video dialog), proof points, product illustration. */
export function HomeHero() {
  const { content, asset } = useSite();
  const { hero } = content.pages.home;
  return (
    <section className="home-hero" aria-labelledby="page-title">
      <div className="container home-hero-grid">
        <div className="home-hero-text">
          {hero.eyebrow && (
            <p className="eyebrow">
              <Icon name="Sparkles" />
              {hero.eyebrow}
            </p>
          )}
          <h1 id="page-title">{hero.heading}</h1>
          <p className="lead">{hero.lead}</p>
          <div className="actions">
            <ChromeButton size="lg" />
            <button type="button" className="button button-secondary button-lg" commandfor={demoDialogId} command="show-modal">
              <Icon name="Play" />
              {hero.watchDemo}
            </button>
          </div>
          <CheckList items={hero.proof} className="proof-list" />
        </div>
        <div className="home-hero-art">
          <img src={asset('hero-deck.svg')} alt={hero.imageAlt} width="640" height="460" fetchPriority="high" />
        </div>
      </div>
    </section>
  );
}

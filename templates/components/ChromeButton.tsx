import { useSite } from '../SiteContext.ts';
import { buttonClass, type ButtonVariant } from './buttonClass.ts';
import { Icon } from './Icon.tsx';

/** "Add to Chrome": the Chrome Web Store link from site.json. */
export function ChromeButton({ variant = 'primary', size }: { variant?: ButtonVariant; size?: 'lg' }) {
  const { site } = useSite().content;
  return (
    <a className={buttonClass(variant, size)} href={site.chromeStoreUrl} data-chrome-store="">
      <Icon name="Puzzle" />
      {site.addToChrome}
    </a>
  );
}

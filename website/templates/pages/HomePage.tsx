/** The home page: the repository's README, as GitHub shows it. */
import { useSite } from '../SiteContext.ts';

export function HomePage() {
  const { readme } = useSite().content;
  return <div className="prose" dangerouslySetInnerHTML={{ __html: readme.html }} />;
}

import type { BlogListingPage } from '../blogListing.ts';
import { fillText } from '../format/fillText.ts';
import { useSite } from '../SiteContext.ts';
import { Icon } from './Icon.tsx';

/** Previous and next links of a listing that has more than one page, and where this page stands. */
export function Pagination({ listing }: { listing: BlogListingPage }) {
  const labels = useSite().content.pages.blog.listing;
  if (listing.pages < 2) return null;
  return (
    <nav className="pagination" aria-label={labels.paginationLabel}>
      {listing.previous && (
        <a className="pagination-link" href={listing.previous}>
          <Icon name="ArrowLeft" />
          {labels.previous}
        </a>
      )}
      <p className="pagination-status">{fillText(labels.pageStatus, { page: listing.page, pages: listing.pages })}</p>
      {listing.next && (
        <a className="pagination-link pagination-next" href={listing.next}>
          {labels.next}
          <Icon name="ArrowRight" />
        </a>
      )}
    </nav>
  );
}

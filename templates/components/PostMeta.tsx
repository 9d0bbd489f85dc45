import type { Post } from '../collections.ts';
import { formatDate } from '../format/formatDate.ts';
import { Icon } from './Icon.tsx';

/**
 * Date and read time of an article (optionally its byline first), as cards and article headers show them.
 * A draft or a post dated later (shown only by `site dev` and `site build --drafts / --future`) says so first.
 */
export function PostMeta({ post, byline }: { post: Post; byline?: string }) {
  const status = post.draft ? 'Draft' : post.scheduled ? `Scheduled for ${formatDate(post.scheduled)}` : null;
  return (
    <p className="meta">
      {status && (
        <>
          <strong className="status-badge" data-status={post.draft ? 'draft' : 'scheduled'}>
            {status}
          </strong>
          <span aria-hidden="true">·</span>
        </>
      )}
      {byline && (
        <>
          <span>
            {byline} {post.author}
          </span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <time dateTime={post.date}>{formatDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span className="read-time">
        <Icon name="Clock" />
        {post.readTime}
      </span>
    </p>
  );
}

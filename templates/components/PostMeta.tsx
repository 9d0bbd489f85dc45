import type { Post } from '../collections.ts';
import { formatDate } from '../format/formatDate.ts';
import { Icon } from './Icon.tsx';

/** Date and read time of an article (optionally its byline first), as cards and article headers show them. */
export function PostMeta({ post, byline }: { post: Post; byline?: string }) {
  return (
    <p className="meta">
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

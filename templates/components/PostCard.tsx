import { categoryPath } from '../blogListing.ts';
import type { Post } from '../collections.ts';
import { PostMeta } from './PostMeta.tsx';

/**
 * An article card: title (the link), category (a link to its listing), description, date and read
 * time. The title comes first in the markup, the category above it on screen (CSS order).
 * data-search holds the lowercased title and description for the ?q= filter.
 */
export function PostCard({ post, headingLevel = 2 }: { post: Post; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="post-card" data-search={`${post.title} ${post.description}`.toLowerCase()} data-slug={post.slug}>
      <article>
        <H className="post-title">
          <a href={`/blog/${post.slug}`}>{post.title}</a>
        </H>
        <p className="post-category">
          <a href={categoryPath(post.category)}>{post.category}</a>
        </p>
        <p className="post-description">{post.description}</p>
        <PostMeta post={post} />
      </article>
    </li>
  );
}

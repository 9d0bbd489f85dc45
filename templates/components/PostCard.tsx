import type { Post } from '../collections.ts';
import { PostMeta } from './PostMeta.tsx';

/**
 * An article card: category, title (the link), description, date and read time.
 * data-search holds the lowercased title and description for the ?q= filter.
 */
export function PostCard({ post, headingLevel = 2 }: { post: Post; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="post-card" data-search={`${post.title} ${post.description}`.toLowerCase()} data-slug={post.slug}>
      <article>
        <p className="post-category">{post.category}</p>
        <H className="post-title">
          <a href={`/blog/${post.slug}`}>{post.title}</a>
        </H>
        <p className="post-description">{post.description}</p>
        <PostMeta post={post} />
      </article>
    </li>
  );
}

// A list of post cards; their titles are headings one level below the list's own.
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { PostCard } from './post-card';

export function PostList({ posts, locale, headingLevel }: { posts: Post[]; locale: Locale; headingLevel?: 2 | 3 }) {
  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} locale={locale} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

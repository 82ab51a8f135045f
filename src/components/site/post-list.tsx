// A list of post cards.
import type { Post } from '@/core/content/types';
import type { Locale } from '@/i18n/routing';
import { PostCard } from './post-card';

export function PostList({ posts, locale }: { posts: Post[]; locale: Locale }) {
  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} locale={locale} />
      ))}
    </div>
  );
}

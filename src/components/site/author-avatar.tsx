// An author's picture on their page: the account's image when it has one, otherwise their
// initials set in the display face on a tint of the site's accent. Decorative either way
// (the name is the heading beside it), so it is hidden from screen readers.
import type { AuthorAvatar as Avatar } from '@/core/content/types';
import { monogramOf } from '@/core/content/monogram';

/** Shown 5rem wide: a 2× screen wants about 160 pixels. */
const avatarSizes = '5rem';

export function AuthorAvatar({ name, avatar }: { name: string; avatar: Avatar | null | undefined }) {
  if (avatar) {
    const srcSet = [...avatar.variants].sort((a, b) => a.width - b.width).map((v) => `${v.path} ${v.width}w`).join(', ');
    return (
      <img
        className="author-avatar"
        src={avatar.path}
        srcSet={srcSet || undefined}
        sizes={srcSet ? avatarSizes : undefined}
        alt=""
        width={160}
        height={160}
        decoding="async"
      />
    );
  }
  return (
    <span className="author-avatar author-avatar--monogram" aria-hidden="true">
      {monogramOf(name)}
    </span>
  );
}

// An image with its responsive variants, when it has any: AVIF, then WebP, then the
// original, each at the widths made at upload, so a phone downloads a phone-sized file.
// With `dark`, another image stands in for readers whose system is in dark mode (a logo
// drawn for dark paper): chosen by the browser from `<source media>`, so the page the
// server sends is the same for everyone and no script decides.
import type { ImgHTMLAttributes } from 'react';
import type { Media, MediaVariant } from '@/core/content/types';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'srcSet'> & {
  media: Media;
  /** The sizes attribute: how wide the image is shown. */
  sizes: string;
  /** Shown instead in dark mode (prefers-color-scheme: dark). */
  dark?: Media | null;
};

const darkMode = '(prefers-color-scheme: dark)';

function srcSet(variants: MediaVariant[], format: MediaVariant['format']): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.path} ${v.width}w`)
    .join(', ');
}

/** The <source> elements of one image: its AVIF and WebP copies, and with `media` its original too. */
function sources(media: Media, sizes: string, when?: string) {
  const variants = media.variants ?? [];
  const typed = (['avif', 'webp'] as const).map((format) => {
    const set = srcSet(variants, format);
    return set ? <source key={`${when ?? 'any'}-${format}`} media={when} type={`image/${format}`} srcSet={set} sizes={sizes} /> : null;
  });
  // The light image's original is the <img> itself; the dark one's needs a source of its own.
  const original = when ? <source key={`${when}-original`} media={when} srcSet={media.path} width={media.width ?? undefined} height={media.height ?? undefined} /> : null;
  return [...typed, original];
}

export function ResponsiveImage({ media, sizes, alt, dark, ...rest }: Props) {
  const image = <img src={media.path} alt={alt} width={media.width ?? undefined} height={media.height ?? undefined} {...rest} />;
  const variants = media.variants ?? [];
  if (variants.length === 0 && !dark) return image;
  return (
    <picture>
      {dark && sources(dark, sizes, darkMode)}
      {sources(media, sizes)}
      {image}
    </picture>
  );
}

// An image with its responsive variants, when it has any: AVIF, then WebP, then the
// original, each at the widths made at upload, so a phone downloads a phone-sized file.
import type { ImgHTMLAttributes } from 'react';
import type { Media, MediaVariant } from '@/core/content/types';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'srcSet'> & {
  media: Media;
  /** The sizes attribute: how wide the image is shown. */
  sizes: string;
};

function srcSet(variants: MediaVariant[], format: MediaVariant['format']): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.path} ${v.width}w`)
    .join(', ');
}

export function ResponsiveImage({ media, sizes, alt, ...rest }: Props) {
  const image = <img src={media.path} alt={alt} width={media.width ?? undefined} height={media.height ?? undefined} {...rest} />;
  const variants = media.variants ?? [];
  if (variants.length === 0) return image;
  return (
    <picture>
      {(['avif', 'webp'] as const).map((format) => {
        const set = srcSet(variants, format);
        return set ? <source key={format} type={`image/${format}`} srcSet={set} sizes={sizes} /> : null;
      })}
      {image}
    </picture>
  );
}

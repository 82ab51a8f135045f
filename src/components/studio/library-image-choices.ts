// The media library's images as choices of an 'images' field (image-choices.tsx): "none"
// first, then each image with a small copy of itself and a name a screen reader can say.
import type { Media } from '@/core/content/types';
import type { ImageChoice } from './image-choices';

/** The smallest copy of an image that still fills a thumbnail. */
function thumbnailOf(image: Media): string {
  const webp = (image.variants ?? []).filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return webp[0]?.path ?? image.path;
}

export function libraryImageChoices(
  images: Media[],
  none: { label: string; src?: string },
  describe: (image: { name: string; width: number; height: number }) => string,
): ImageChoice[] {
  return [
    { value: '', label: none.label, src: none.src },
    ...images.map((image) => ({
      value: String(image.id),
      label: image.width && image.height ? describe({ name: image.path.split('/').pop()!, width: image.width, height: image.height }) : image.path,
      src: thumbnailOf(image),
    })),
  ];
}

import { de } from '@werkboard/common';
import type { ImageVariant } from '../../entities/image/imageFiles';
import { useImageObjectUrl } from './imageFiles';

interface AuthImageProps {
  imageId: string;
  variant: ImageVariant;
  alt: string;
  className?: string;
}

/**
 * An image of /api/image-files, loaded with the bearer token and shown through an object URL;
 * a placeholder while it loads and 'Bild nicht verfügbar' when it cannot be loaded.
 */
export function AuthImage({ imageId, variant, alt, className = '' }: AuthImageProps) {
  const { url, failed } = useImageObjectUrl(imageId, variant);
  if (url) return <img src={url} alt={alt} className={className} />;
  return (
    <span
      className={`${className} auth-image--placeholder${failed ? ' auth-image--failed' : ''}`}
      role="img"
      aria-label={failed ? `${alt}: ${de.gallery.imageUnavailable}` : `${alt}: ${de.gallery.imageLoading}`}
    >
      {failed && <span aria-hidden="true">{de.gallery.imageUnavailable}</span>}
    </span>
  );
}

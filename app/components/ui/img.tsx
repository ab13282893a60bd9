import { preload } from "react-dom";
import { fallbackWidth, imageUrl, srcsetWidths, type ImageFormat, type ImageWidth } from "~/lib/images";

declare module "react" {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    /** Element Timing (https://w3c.github.io/element-timing/): the browser reports when the image is on screen. */
    elementtiming?: string;
  }
}

export type ImgProps = {
  /** The stored upload's key, e.g. `demo/avocado.webp`. */
  imageKey: string;
  alt: string;
  /** The largest width (CSS pixels) the layout shows the image at; with `height` it sets the aspect ratio. */
  width: number;
  height: number;
  /** How wide the image is shown at each viewport, e.g. `(min-width: 640px) 320px, 50vw`. */
  sizes: string;
  /** For the image that is the page's largest paint: fetched first, never lazy. */
  priority?: boolean;
  className?: string;
};

function srcset(key: string, widths: ImageWidth[], format: ImageFormat) {
  return widths.map((w) => `${imageUrl(key, w, format)} ${w}w`).join(", ");
}

/**
 * A stored image in AVIF with a WebP fallback, at the widths the layout needs. Width and height
 * are always set so the page never shifts while images load.
 */
export function Img({ imageKey, alt, width, height, sizes, priority = false, className }: ImgProps) {
  const widths = srcsetWidths(width);
  if (priority) {
    // React puts a high-priority image preload first in <head>, before styles and scripts; the
    // AVIF type lets browsers without AVIF skip it and take the WebP source as usual.
    preload(imageUrl(imageKey, fallbackWidth(width), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcset(imageKey, widths, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(imageKey, widths, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(imageKey, widths, "webp")} sizes={sizes} />
      <img
        src={imageUrl(imageKey, fallbackWidth(width), "webp")}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
        // The page's scripts start once this image is on screen (app/lib/script-deferral.server.ts).
        elementtiming={priority ? "priority-image" : undefined}
      />
    </picture>
  );
}

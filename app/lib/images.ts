/**
 * The image service's contract, shared by the <Img> component and the server that answers
 * /img/<key>?w=<width>&f=<format>: only these widths and formats are ever rendered, so the disk
 * cache stays bounded and nobody can ask the server to render arbitrary sizes.
 */
// 720 sits between 640 and 960 for phones: a full-width image on a 360 px screen at 2x or a 412 px
// screen at 1.75x needs 656–665 pixels and took the 960 rendering (a third more bytes) without it.
export const imageWidths = [96, 160, 320, 480, 640, 720, 960, 1280] as const;
export type ImageWidth = (typeof imageWidths)[number];

export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (imageWidths as readonly number[]).includes(value);
}

export function isImageFormat(value: unknown): value is ImageFormat {
  return typeof value === "string" && (imageFormats as readonly string[]).includes(value);
}

/** Keys are relative paths of plain segments (`demo/avocado.webp`): no dot segments, no escapes. */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const sourceExtensions = /\.(?:avif|gif|jpe?g|png|webp)$/i;

export function isImageKey(key: string) {
  return key.length <= 300 && keyPattern.test(key) && !key.split("/").includes("..") && sourceExtensions.test(key);
}

export function imageUrl(key: string, width: ImageWidth, format: ImageFormat) {
  return `/img/${key.split("/").map(encodeURIComponent).join("/")}?w=${width}&f=${format}`;
}

/**
 * The widths a srcset offers for an image shown at most `displayWidth` CSS pixels wide: every
 * allowed width up to the first one that covers a 2x screen. The browser picks from them with
 * `sizes`, so a small screen takes a small file and nothing larger than needed is ever offered.
 */
export function srcsetWidths(displayWidth: number): ImageWidth[] {
  const cover = imageWidths.find((w) => w >= displayWidth * 2) ?? imageWidths[imageWidths.length - 1];
  return imageWidths.filter((w) => w <= cover);
}

/** The smallest allowed width at least as wide as the image is shown (the <img> fallback). */
export function fallbackWidth(displayWidth: number): ImageWidth {
  return imageWidths.find((w) => w >= displayWidth) ?? imageWidths[imageWidths.length - 1];
}

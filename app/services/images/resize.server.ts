import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { imageWidths, isImageFormat, isImageKey, isImageWidth, type ImageFormat, type ImageWidth } from "~/lib/images";

/** Larger inputs are refused before decoding: a small file can claim a huge canvas (a decompression bomb). */
export const maxInputPixels = 40_000_000;

export type ImageRequest = { source: string; cached: string; width: ImageWidth; format: ImageFormat };

/**
 * Checks a request against the contract (known key, allowed width and format) and says where its
 * source and its cached rendering live; undefined means 404. The key is matched by a strict pattern
 * first, and the resolved path must still lie inside the uploads folder.
 */
export function resolveImageRequest(
  dataDir: string,
  key: string,
  width: string | undefined,
  format: string | undefined,
): ImageRequest | undefined {
  if (!isImageKey(key) || !width || !/^[1-9]\d{1,3}$/.test(width) || !isImageFormat(format)) return undefined;
  const w = Number(width);
  if (!isImageWidth(w)) return undefined;
  const uploads = path.resolve(dataDir, "uploads");
  const source = path.resolve(uploads, key);
  if (!source.startsWith(uploads + path.sep)) return undefined;
  try {
    if (!statSync(source).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const cached = path.resolve(dataDir, "cache", "img", key, `${w}.${format}`);
  return { source, cached, width: w, format };
}

const inFlight = new Map<string, Promise<string>>();

async function render(request: ImageRequest) {
  const { default: sharp } = await import("sharp");
  mkdirSync(path.dirname(request.cached), { recursive: true });
  // Written beside the target and renamed, so a crash never leaves half a file that "exists".
  const partial = `${request.cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const pipeline = sharp(request.source, { limitInputPixels: maxInputPixels, failOn: "error" })
      .rotate()
      .resize({ width: request.width, withoutEnlargement: true });
    const encoded =
      request.format === "avif"
        ? pipeline.avif({ quality: 55, effort: 4 })
        : pipeline.webp({ quality: 78, alphaQuality: 90, effort: 4 });
    await encoded.toFile(partial);
    renameSync(partial, request.cached);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return request.cached;
}

/**
 * The path of the rendered image, rendering it on first request. Keys are never reused, so a
 * rendering once on disk stays valid; concurrent requests for the same rendering share one job.
 */
export async function renderImage(request: ImageRequest): Promise<string> {
  if (existsSync(request.cached)) return request.cached;
  let job = inFlight.get(request.cached);
  if (!job) {
    job = render(request).finally(() => inFlight.delete(request.cached));
    inFlight.set(request.cached, job);
  }
  return job;
}

export const imageContentTypes: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp" };

/**
 * The smallest web rendering already on disk that is at least `pixels` wide. Decoding a stored
 * picture (up to 2000 px, WebP) takes 10–20 ms, so a sheet of 2,000 new pictures would take half a
 * minute; a rendering of a few hundred pixels decodes in about a millisecond and is enough for a
 * thumbnail. Renderings are written whole and renamed, so one that exists is complete.
 */
function smallestRendering(dataDir: string, key: string, pixels: number) {
  for (const width of imageWidths) {
    if (width < pixels) continue;
    for (const format of ["webp", "avif"] as const) {
      const file = path.resolve(dataDir, "cache", "img", key, `${width}.${format}`);
      if (existsSync(file)) return file;
    }
  }
  return undefined;
}

/** The sides, in points, of the pictures a PDF price sheet draws: small on the short list, larger on the long one. */
export const pdfThumbnailPoints = { small: 16, large: 32 } as const;

/**
 * A thumbnail for the PDF price sheet: JPEG (pdfkit reads only JPEG and PNG) flattened on white,
 * fitting `size` points square at twice the pixels so it stays sharp on paper. Rendered once and
 * kept on disk beside the web renderings; undefined when the key is invalid, the source is missing
 * or cannot be decoded.
 */
export async function pdfThumbnail(dataDir: string, key: string, size: number): Promise<Buffer | undefined> {
  if (!isImageKey(key) || !Number.isInteger(size) || size < 1 || size > 512) return undefined;
  const uploads = path.resolve(dataDir, "uploads");
  const source = path.resolve(uploads, key);
  if (!source.startsWith(uploads + path.sep)) return undefined;
  try {
    if (!statSync(source).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const pixels = size * 2;
  const cached = path.resolve(dataDir, "cache", "img", key, `pdf-${pixels}.jpg`);
  try {
    return await readFile(cached);
  } catch {
    // Not rendered yet.
  }
  let bytes: Buffer;
  try {
    const { default: sharp } = await import("sharp");
    const input = smallestRendering(dataDir, key, pixels) ?? source;
    bytes = await sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" })
      .rotate()
      .resize({ width: pixels, height: pixels, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined;
  }
  // A cache that cannot be written only costs a rendering next time.
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(partial, bytes);
    await rename(partial, cached);
  } catch {
    await rm(partial, { force: true }).catch(() => undefined);
  }
  return bytes;
}

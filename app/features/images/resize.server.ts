import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { isImageFormat, isImageKey, isImageWidth, type ImageFormat, type ImageWidth } from "~/lib/images";

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

import { randomUUID } from "node:crypto";
import { FormRefused, readLimitedForm } from "~/lib/limited-form.server";
import { Refusal } from "~/lib/refusal";
import { config } from "~/config.server";
import { maxInputPixels, pdfThumbnail, pdfThumbnailPoints } from "~/services/images/resize.server";
import { storeOriginal, UPLOAD_PREFIX } from "~/services/images/storage.server";

/** The specification's limit for an uploaded image. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Pictures are stored at most this large; the image service renders the sizes pages show. */
const MAX_STORED_SIDE = 2000;

const acceptedFormats = new Set(["jpeg", "png", "gif", "webp"]);

/** Why a picture was refused; the screen that asked for it words the reason. */
export type UploadRefusal = "tooLarge" | "notAnImage" | "noFile";

function refuseUpload(reason: UploadRefusal) {
  return new Refusal<UploadRefusal>(reason, reason === "tooLarge" ? 413 : 400);
}

/** The form of an upload request, read only up to the size an allowed image can need. */
export async function readUploadForm(request: Request): Promise<FormData> {
  try {
    return await readLimitedForm(request, MAX_IMAGE_BYTES);
  } catch (error) {
    throw refuseUpload(error instanceof FormRefused && error.reason === "tooLarge" ? "tooLarge" : "noFile");
  }
}

/**
 * Checks an uploaded file by its bytes (never its name or declared type), then re-encodes it:
 * only JPG, PNG, GIF or WEBP, at most 5 MB and 40 megapixels (a small file can claim a huge
 * canvas). Re-encoding drops anything but the picture (metadata, trailing data, scripts).
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.byteLength === 0) throw refuseUpload("noFile");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw refuseUpload("tooLarge");
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  let pages = 1;
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    format = meta.format;
    pages = meta.pages ?? 1;
  } catch {
    throw refuseUpload("notAnImage");
  }
  if (!format || !acceptedFormats.has(format)) throw refuseUpload("notAnImage");
  try {
    const animated = pages > 1;
    const pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "error", animated });
    if (!animated) pipeline.rotate();
    return await pipeline
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85, effort: 4 })
      .toBuffer();
  } catch {
    throw refuseUpload("notAnImage");
  }
}

/** Stores a re-encoded picture under a key never used before, so nothing cached is ever stale. */
export async function storeProductImage(file: unknown): Promise<string> {
  if (!(file instanceof File) || file.size === 0) throw refuseUpload("noFile");
  if (file.size > MAX_IMAGE_BYTES) throw refuseUpload("tooLarge");
  const encoded = await reencodeImage(Buffer.from(await file.arrayBuffer()));
  const key = `${UPLOAD_PREFIX}/${randomUUID()}.webp`;
  await storeOriginal(key, encoded, "image/webp");
  // A price sheet's first PDF would otherwise decode every new picture at full size; the
  // thumbnails are drawn now, after the answer, and a failure only defers them to that PDF.
  const dataDir = process.env.DATA_DIR ?? config().DATA_DIR;
  setImmediate(() => {
    for (const size of Object.values(pdfThumbnailPoints)) void pdfThumbnail(dataDir, key, size);
  });
  return key;
}

import { MAX_IMPORT_FILE_BYTES } from "./limits";

/** The form around the file (boundaries, the list's slug) is small; a body beyond this is refused unread. */
const MAX_FORM_OVERHEAD = 64 * 1024;

export class ImportUploadRefused extends Error {
  constructor(readonly reason: "tooLarge" | "unreadable") {
    super(reason);
  }
}

/**
 * The multipart form of a background import, read only up to the size an allowed file can need
 * (section 5: at most 10 MB): a larger body is refused as it streams in, never held whole.
 */
export async function readImportUpload(request: Request): Promise<FormData> {
  const limit = MAX_IMPORT_FILE_BYTES + MAX_FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new ImportUploadRefused("tooLarge");
  if (!request.body) throw new ImportUploadRefused("unreadable");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ImportUploadRefused("tooLarge");
    }
    chunks.push(value);
  }
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: Buffer.concat(chunks),
    }).formData();
  } catch {
    throw new ImportUploadRefused("unreadable");
  }
}

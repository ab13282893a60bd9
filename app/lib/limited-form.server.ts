/** The form around a file (boundaries, a few small fields) is small; beyond this a body is refused unread. */
const MAX_FORM_OVERHEAD = 64 * 1024;

export class FormRefused extends Error {
  constructor(readonly reason: "tooLarge" | "unreadable") {
    super(reason);
  }
}

/**
 * A multipart form read only up to the size its largest allowed file can need: a larger body is
 * refused as it streams in (or at once, by its declared length), never held in memory whole.
 */
export async function readLimitedForm(request: Request, maxFileBytes: number): Promise<FormData> {
  const limit = maxFileBytes + MAX_FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new FormRefused("tooLarge");
  if (!request.body) throw new FormRefused("unreadable");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new FormRefused("tooLarge");
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
    throw new FormRefused("unreadable");
  }
}

import { z } from "zod";
import { withRefusals, type Answer } from "~/lib/refusal.server";
import {
  createProduct,
  MAX_ROWS_PER_SAVE,
  publishProducts,
  saveProducts,
  setArchived,
  setProductImage,
  type Actor,
  type ProductConflict,
  type ProductEdit,
} from "./manage.server";
import { parseProductFields, type FieldErrors } from "./product-fields";

export type ManageErrorKey =
  | "manage.errors.invalidInput"
  | "manage.errors.invalidFields"
  | "manage.errors.notFound"
  | "manage.errors.conflict"
  | "manage.errors.saveFailed"
  | "manage.image.invalidUrl"
  | "manage.image.urlFailed"
  | "manage.image.uploadFailed";

export type ManageResult =
  | { ok: true; kind: "saved"; changed: number; revisions: Record<string, number> }
  | { ok: true; kind: "published"; changed: number }
  | { ok: true; kind: "created"; slug: string }
  | { ok: true; kind: "archived" | "restored" | "image" }
  | { ok: false; message: ManageErrorKey; fieldErrors?: Record<string, FieldErrors>; reason?: string }
  | { ok: false; message: "manage.errors.conflict"; conflicts: ProductConflict[] };

type ManageAnswer = Answer<ManageResult>;

/**
 * A save's answer: each saved row's revision comes back, so cells typed while it ran are edits
 * of the saved product rather than of the one it replaced.
 */
export type SaveRowsResult = Extract<ManageResult, { kind: "saved" } | { ok: false }>;

const uuid = z.uuid();
/** Every row names the revision it was edited from (after a conflict, the other person's, on request). */
const rowSchema = z.object({ id: uuid, revision: z.number().int().positive(), fields: z.unknown() });

function json(text: FormDataEntryValue | undefined): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const invalid: ManageAnswer = { status: 400, result: { ok: false, message: "manage.errors.invalidInput" } };

/** The products a bulk action names: distinct ids, at most a save's worth. */
const idsSchema = z
  .array(uuid)
  .min(1)
  .max(MAX_ROWS_PER_SAVE)
  .refine((ids) => new Set(ids).size === ids.length);

/**
 * Edited rows as the grid sends them, every field parsed again here (never trusting the browser).
 * A row named twice is refused: its two versions would both claim the same starting values.
 */
function parseRows(form: Record<string, FormDataEntryValue | undefined>) {
  const raw = json(form.rows);
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_ROWS_PER_SAVE) return null;
  const edits: ProductEdit[] = [];
  const fieldErrors: Record<string, FieldErrors> = {};
  const seen = new Set<string>();
  for (const entry of raw) {
    const row = rowSchema.safeParse(entry);
    if (!row.success || seen.has(row.data.id)) return null;
    seen.add(row.data.id);
    const parsed = parseProductFields(row.data.fields);
    if (!parsed) return null;
    if (!parsed.ok) fieldErrors[row.data.id] = parsed.errors;
    else edits.push({ id: row.data.id, revision: row.data.revision, values: parsed.values });
  }
  return { edits, fieldErrors };
}

/** Runs a change of the catalogue, answering its refusals in the screen's words. */
function run(requestId: string, what: string, fn: () => Promise<ManageResult>): Promise<ManageAnswer> {
  return withRefusals(fn, {
    log: what,
    context: { requestId },
    failed: { ok: false, message: "manage.errors.saveFailed" },
  });
}

/**
 * Saves edited rows, many together or none: the grid's, through the JSON route it sends with
 * fetch (so that a failed save never leaves the page), and the full form's one row.
 */
export async function saveEditedRows(
  actor: Actor,
  form: Record<string, FormDataEntryValue | undefined>,
  requestId: string,
): Promise<Answer<SaveRowsResult>> {
  const rows = parseRows(form);
  if (!rows) return { status: 400, result: { ok: false, message: "manage.errors.invalidInput" } };
  if (Object.keys(rows.fieldErrors).length > 0) {
    return {
      status: 400,
      result: { ok: false, message: "manage.errors.invalidFields", fieldErrors: rows.fieldErrors },
    };
  }
  return withRefusals<SaveRowsResult>(
    async () => {
      const saved = await saveProducts(actor, rows.edits);
      return { ok: true, kind: "saved", changed: saved.changed, revisions: saved.revisions };
    },
    {
      log: "saving products failed",
      context: { requestId },
      failed: { ok: false, message: "manage.errors.saveFailed" },
    },
  );
}

/** The management screen's actions other than the file upload (which the route reads as a stream). */
export async function runManageAction(
  actor: Actor,
  form: Record<string, FormDataEntryValue | undefined>,
  requestId: string,
): Promise<ManageAnswer> {
  switch (form.intent) {
    case "save":
      return saveEditedRows(actor, form, requestId);
    case "create": {
      const fields = json(form.fields);
      const parsed = parseProductFields(fields);
      if (!parsed) return invalid;
      if (!parsed.ok) {
        return {
          status: 400,
          result: { ok: false, message: "manage.errors.invalidFields", fieldErrors: { new: parsed.errors } },
        };
      }
      return run(requestId, "creating a product failed", async () => {
        const created = await createProduct(actor, parsed.values);
        return { ok: true, kind: "created", slug: created.slug };
      });
    }
    case "publish": {
      const ids = idsSchema.safeParse(json(form.ids));
      if (!ids.success) return invalid;
      return run(requestId, "publishing products failed", async () => {
        const published = await publishProducts(actor, ids.data);
        return { ok: true, kind: "published", changed: published.changed };
      });
    }
    case "archive":
    case "restore": {
      const id = uuid.safeParse(form.id);
      if (!id.success) return invalid;
      const archive = form.intent === "archive";
      return run(requestId, "archiving a product failed", async () => {
        await setArchived(actor, id.data, archive);
        return { ok: true, kind: archive ? "archived" : "restored" };
      });
    }
    case "image-url": {
      const id = uuid.safeParse(form.id);
      const url = imageAddress.safeParse(form.url);
      if (!id.success || !url.success) {
        return { status: 400, result: { ok: false, message: "manage.image.invalidUrl" } };
      }
      const answer = await run(requestId, "setting an image address failed", async () => {
        await setProductImage(actor, id.data, { url: url.data });
        return { ok: true, kind: "image" };
      });
      return imageAnswer(answer, "manage.image.urlFailed", "manage.image.invalidUrl");
    }
    case "image-remove": {
      const id = uuid.safeParse(form.id);
      if (!id.success) return invalid;
      return run(requestId, "removing an image failed", async () => {
        await setProductImage(actor, id.data, { none: true });
        return { ok: true, kind: "image" };
      });
    }
    default:
      return invalid;
  }
}

/** An image elsewhere on the web: an https address a browser can load on this https site. */
export const imageAddress = z
  .string()
  .trim()
  .max(2000)
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "invalid" });
      return z.NEVER;
    }
    // A named host only: an address like 10.0.0.1 would send visitors' browsers into their own network.
    const ipHost = /^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname) || url.hostname.startsWith("[");
    if (url.protocol !== "https:" || !url.hostname.includes(".") || ipHost || url.username || url.password) {
      ctx.addIssue({ code: "custom", message: "invalid" });
      return z.NEVER;
    }
    return url.href;
  });

/** The specification's image messages: an unknown product is 'Invalid URL or product selected'. */
function imageAnswer(answer: ManageAnswer, failed: ManageErrorKey, unknown: ManageErrorKey): ManageAnswer {
  if (answer.result.ok) return answer;
  if (answer.result.message === "manage.errors.notFound") {
    return { status: 404, result: { ok: false, message: unknown } };
  }
  if (answer.status >= 500) return { status: answer.status, result: { ok: false, message: failed } };
  return answer;
}

/** Records an uploaded picture's key on the product, answering in the image dialog's words. */
export async function attachUploadedImage(actor: Actor, productId: unknown, key: string, requestId: string) {
  const id = uuid.safeParse(productId);
  if (!id.success) return { status: 400, result: { ok: false, message: "manage.image.invalidUrl" } } as ManageAnswer;
  const answer = await run(requestId, "attaching an uploaded image failed", async () => {
    await setProductImage(actor, id.data, { key });
    return { ok: true, kind: "image" };
  });
  return imageAnswer(answer, "manage.image.uploadFailed", "manage.image.invalidUrl");
}

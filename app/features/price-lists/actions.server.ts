import type { SessionUser } from "~/context";
import { can } from "~/auth/permissions";
import { parseForm } from "~/lib/form-errors";
import { Refusal } from "~/lib/refusal";
import { withRefusals, type Answer } from "~/lib/refusal.server";
import type { PriceListErrorCode } from "./errors";
import {
  createPriceList,
  deletePriceList,
  duplicatePriceList,
  findPriceListBySlug,
  restoreDeletedPriceList,
  updatePriceList,
} from "./lists.server";
import type { ListNames } from "./names";
import {
  listActionSchemas,
  listMessage,
  NAME_MAX,
  type ListAction,
  type ListActionResult,
  type PricesErrorKey,
} from "./schema";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";

/** The specification's texts per intent: success, a refusal, and an unexpected failure. */
const messages = {
  create: { ok: "messages.added", refused: "messages.createFailed", failed: "messages.addError" },
  update: { ok: "messages.updated", refused: "messages.updateFailed", failed: "messages.updateError" },
  duplicate: { ok: "messages.duplicated", refused: "messages.duplicateFailed", failed: "messages.addError" },
  delete: { ok: "messages.deleted", refused: "messages.deleteFailed", failed: "messages.deleteError" },
  restore: { ok: "messages.restored", refused: "messages.restoreFailed", failed: "messages.updateError" },
} as const;

type Intent = keyof typeof messages;
const isIntent = (value: unknown): value is Intent => typeof value === "string" && value in messages;

async function requireList(slugText: string, options: { includeDeleted?: boolean } = {}) {
  const list = await findPriceListBySlug(slugText, options);
  if (!list) throw new Refusal<PriceListErrorCode>("errors.notFound", 404);
  return list;
}

/** A copy is named after its list in each language the list has a name in. */
function copyNames(list: ListNames): ListNames {
  const copy = (lang: Lang, name: string) =>
    translatorFor(lang)("manage.copyName", { ns: "prices", name }).slice(0, NAME_MAX);
  return { name: copy("en", list.name), nameEs: list.nameEs ? copy("es", list.nameEs) : null };
}

async function run(actor: SessionUser, action: ListAction): Promise<{ slug?: string }> {
  switch (action.intent) {
    case "create": {
      const source = action.source ? await requireList(action.source) : null;
      return createPriceList(actor, { ...action, sourceId: source?.id ?? null });
    }
    case "update": {
      const list = await requireList(action.slug);
      await updatePriceList(actor, list.id, action);
      return { slug: list.slug };
    }
    case "duplicate": {
      const list = await requireList(action.slug);
      return duplicatePriceList(actor, list.id, copyNames(list));
    }
    case "delete": {
      const list = await requireList(action.slug);
      return deletePriceList(actor, list.id);
    }
    case "restore": {
      if (!can(actor, "price-lists:restore-deleted")) throw new Refusal<PriceListErrorCode>("errors.forbidden", 403);
      const list = await requireList(action.slug, { includeDeleted: true });
      return restoreDeletedPriceList(actor, list.id);
    }
  }
}

/**
 * One answer per form post of the price lists screen: validated with the shared schema, refused
 * with the specification's texts, and never a stack trace or SQL error (those go to the log).
 */
export function runListAction(
  actor: SessionUser,
  input: Record<string, unknown>,
  requestId: string,
): Promise<Answer<ListActionResult>> {
  return answerListAction(isIntent(input.intent) ? input.intent : "update", actor, input, requestId);
}

/**
 * The answer of one intent, whatever the form says: the import screen creates a list through
 * "create" alone, so a post of another intent to it fails the create schema and changes nothing.
 */
export async function answerListAction(
  intent: Intent,
  actor: SessionUser,
  input: Record<string, unknown>,
  requestId: string,
): Promise<Answer<ListActionResult>> {
  const parsed = parseForm(listActionSchemas[intent], input, listMessage);
  if (!parsed.ok) {
    return {
      status: 400,
      result: { ok: false, intent, message: messages[intent].refused, errors: parsed.fieldErrors },
    };
  }
  return withRefusals<ListActionResult>(
    async () => {
      const { slug } = await run(actor, parsed.data);
      return { ok: true, intent, message: messages[intent].ok, slug };
    },
    {
      log: "price list action failed",
      context: { requestId, intent },
      failed: { ok: false, intent, message: messages[intent].failed, errors: {} },
      refused: (refusal) => ({
        ok: false,
        intent,
        message: messages[intent].refused,
        errors: { form: refusal.code as PricesErrorKey },
      }),
    },
  );
}

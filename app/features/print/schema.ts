import { z } from "zod";
import { isSlug } from "~/lib/slug";
import { MAX_SELECTION_CHANGE } from "./limits";

const slug = z.string().refine(isSlug);

/** A change of one list's print selection, as the selection controls post it. */
export const selectionChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), list: slug, slugs: z.array(slug).min(1).max(MAX_SELECTION_CHANGE) }),
  z.object({ intent: z.literal("remove"), list: slug, slugs: z.array(slug).min(1).max(MAX_SELECTION_CHANGE) }),
  z.object({ intent: z.literal("set"), list: slug, slugs: z.array(slug).max(MAX_SELECTION_CHANGE) }),
  z.object({ intent: z.literal("clear"), list: slug }),
]);

/** What the selection action answers: the list's selected products afterwards, or a translated refusal. */
export type SelectionAnswer = { ok: true; list: string; selected: string[] } | { ok: false; message: string };

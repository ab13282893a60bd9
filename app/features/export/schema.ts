import { z } from "zod";
import { categories } from "~/features/catalog/categories";
import { languages } from "~/i18n/config";
import { isSlug } from "~/lib/slug";
import type { MessageOptions } from "./message";

/** A greeting or closing line longer than this reads as a letter, not a price message. */
export const FREE_TEXT_MAX = 1000;

const flag = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The message options as the screen posts them; each refusal names its translation key. */
export const exportOptionsSchema = z.object({
  lang: z.enum(languages, { error: "errors.lang" }),
  categories: z.array(z.enum([...categories, "uncategorized"], { error: "errors.categories" })).max(6),
  onlyAvailable: flag,
  showPack: flag,
  markChanges: flag,
  includeLink: flag,
  greeting: z.string().trim().max(FREE_TEXT_MAX, { error: "errors.greetingTooLong" }),
  closing: z.string().trim().max(FREE_TEXT_MAX, { error: "errors.closingTooLong" }),
});

export const exportRequestSchema = z.object({
  intent: z.enum(["save", "generate"]),
  list: z.string({ error: "errors.listRequired" }).refine(isSlug, { error: "errors.listRequired" }),
});

/** What a person starts from for a list they never exported: every category, the whole picture. */
export function defaultExportOptions(lang: MessageOptions["lang"]): MessageOptions {
  return {
    lang,
    categories: null,
    onlyAvailable: true,
    showPack: true,
    markChanges: true,
    includeLink: false,
    greeting: "",
    closing: "",
  };
}

/** Stored options, read back safely: anything unreadable falls back to the defaults. */
export function readStoredOptions(stored: unknown, lang: MessageOptions["lang"]): MessageOptions {
  const parsed = exportOptionsSchema.safeParse(stored);
  if (!parsed.success) return defaultExportOptions(lang);
  const { categories: chosen, ...rest } = parsed.data;
  return { ...rest, categories: chosen.length === 0 ? null : chosen };
}

export type ExportCustomer = { id: string; name: string; phone: string; assigned: boolean };

export type ExportListData = {
  list: { slug: string; name: string };
  options: MessageOptions;
  customers: ExportCustomer[];
  lastExport: { at: string; by: string | null } | null;
};

/** The answers of /exportlistswhatsapp/data, as the screen reads them. */
export type ExportAnswer =
  | { ok: true; kind: "data"; data: ExportListData }
  | { ok: true; kind: "saved"; message: string }
  | {
      ok: true;
      kind: "message";
      parts: string[];
      length: number;
      counts: { products: number; up: number; down: number };
    }
  | { ok: false; message: string; fields?: Record<string, string> };

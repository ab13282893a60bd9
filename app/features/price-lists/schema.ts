import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { ownKeyOr } from "~/lib/form-errors";
import { parsePriceInput, roundingRules, type AdjustmentType } from "~/lib/money";

/** Messages are keys of the prices namespace; the page translates them. */
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const REASON_MAX = 200;
/** A percentage adjustment between -100 % and +1000 %, a fixed one within ±$10,000. */
export const PERCENT_LIMIT_BASIS_POINTS = { min: -10_000, max: 100_000 };
export const FIXED_LIMIT_CENTS = 1_000_000;

/**
 * An adjustment as a person types it: a percentage ("5", "-2.5", "2,5": hundredths of a percent)
 * or a fixed amount in dollars ("1.50", "-$0,25": cents). Its number is read as a price cell
 * reads a price, so a decimal comma works here too. Null when it is not one, or out of bounds.
 */
export function parseAdjustment(type: AdjustmentType, text: string): number | null {
  const signed = /^\s*([+-]?)(.*?)\s*%?\s*$/.exec(text);
  const magnitude = signed ? parsePriceInput(signed[2] ?? "") : null;
  if (magnitude === null) return null;
  const value = signed?.[1] === "-" ? -magnitude : magnitude;
  if (type === "percentage") {
    return value >= PERCENT_LIMIT_BASIS_POINTS.min && value <= PERCENT_LIMIT_BASIS_POINTS.max ? value : null;
  }
  return Math.abs(value) <= FIXED_LIMIT_CENTS ? value : null;
}

/**
 * A bulk change as the editor made it: every chosen price moved by the adjustment (cents, or
 * hundredths of a percent) and rounded by the rule. The editor turns it into ordinary edits; the
 * save carries it so the log can say what was done ("Bulk +5% on 11 products of Fruits").
 * `category` is the category filter it was made under, if any.
 */
export const bulkChangeSchema = z
  .object({
    type: z.enum(["fixed", "percentage"]),
    value: z.number().int(),
    rounding: z.enum(roundingRules),
    // A category's key ("dry_produce"), written into the log as it is.
    category: z
      .string()
      .regex(/^[a-z_]{1,40}$/)
      .nullable(),
  })
  .refine(({ type, value }) =>
    type === "percentage"
      ? value >= PERCENT_LIMIT_BASIS_POINTS.min && value <= PERCENT_LIMIT_BASIS_POINTS.max
      : Math.abs(value) <= FIXED_LIMIT_CENTS,
  );
export type BulkChange = z.infer<typeof bulkChangeSchema>;

/** The messages of these schemas: keys of the prices namespace, each one checked by the compiler. */
const errors = {
  adjustmentInvalid: "errors.adjustmentInvalid",
  descriptionTooLong: "errors.descriptionTooLong",
  nameRequired: "errors.nameRequired",
  nameTooLong: "errors.nameTooLong",
  notFound: "errors.notFound",
} as const satisfies Record<string, PricesErrorKey>;

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const name = z
  .string({ error: errors.nameRequired })
  .trim()
  .min(1, errors.nameRequired)
  .max(NAME_MAX, errors.nameTooLong);
/** The Spanish name may stay empty: Spanish readers then read the English one. */
const nameEs = z
  .string()
  .trim()
  .max(NAME_MAX, errors.nameTooLong)
  .optional()
  .transform((v) => v || null);
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, errors.descriptionTooLong)
  .optional()
  .transform((v) => v || null);
const texts = { name, nameEs, description, descriptionEs: description };
const slug = z.string({ error: errors.notFound }).trim().min(1, errors.notFound).max(80, errors.notFound);

const flags = { isPublic: checkbox, isDefaultForCustomers: checkbox, isTemplate: checkbox };

export const createListSchema = z
  .object({
    intent: z.literal("create"),
    ...texts,
    source: z.string().trim().max(80).optional().default(""),
    adjustmentType: z.enum(["none", "fixed", "percentage"], { error: errors.adjustmentInvalid }).default("none"),
    adjustmentValue: z.string().trim().max(20, errors.adjustmentInvalid).optional().default(""),
    ...flags,
  })
  .transform((value, ctx) => {
    const type = value.source && value.adjustmentType !== "none" ? value.adjustmentType : null;
    let adjustment: number | null = null;
    if (type && value.adjustmentValue !== "") {
      adjustment = parseAdjustment(type, value.adjustmentValue);
      if (adjustment === null) {
        ctx.addIssue({ code: "custom", path: ["adjustmentValue"], message: errors.adjustmentInvalid });
        return z.NEVER;
      }
    }
    return {
      intent: value.intent,
      name: value.name,
      nameEs: value.nameEs,
      description: value.description,
      descriptionEs: value.descriptionEs,
      source: value.source || null,
      adjustmentType: adjustment === null ? null : type,
      adjustmentValue: adjustment,
      isPublic: value.isPublic,
      isDefaultForCustomers: value.isDefaultForCustomers,
      isTemplate: value.isTemplate,
    };
  });

/**
 * Every field of the list is posted, so the revision it was read at is too: a form left open while
 * someone else changed the list is refused rather than put back what it showed.
 */
export const updateListSchema = z.object({
  intent: z.literal("update"),
  slug,
  revision: z.coerce.number({ error: errors.notFound }).int(),
  ...texts,
  ...flags,
});
export const duplicateListSchema = z.object({ intent: z.literal("duplicate"), slug });
export const deleteListSchema = z.object({ intent: z.literal("delete"), slug });
export const restoreListSchema = z.object({ intent: z.literal("restore"), slug });

/** The schema of each intent; a form names its intent, so its fields are checked by that one alone. */
export const listActionSchemas = {
  create: createListSchema,
  update: updateListSchema,
  duplicate: duplicateListSchema,
  delete: deleteListSchema,
  restore: restoreListSchema,
};
type Schemas = typeof listActionSchemas;
export type ListAction = { [K in keyof Schemas]: z.infer<Schemas[K]> }[keyof Schemas];

export type PricesErrorKey = Extract<TranslationKey<"prices">, `errors.${string}`>;
export type PricesMessageKey = Extract<TranslationKey<"prices">, `messages.${string}`>;

/** What a list action answers: a message key, and on refusal the field errors. */
export type ListActionResult =
  | { ok: true; intent: string; message: PricesMessageKey; slug?: string }
  | { ok: false; intent: string; message: PricesMessageKey; errors: Partial<Record<string, PricesErrorKey>> };

/** How the list forms word their messages (parseForm): their own keys, the general one for zod's own text. */
export const listMessage = ownKeyOr<PricesErrorKey>(errors, "errors.invalidInput");

import { z } from "zod";
import { parseForm } from "~/lib/form-errors";
import { isNegativePriceInput, parsePriceInput } from "~/lib/money";
import { RESERVED_SLUGS } from "~/lib/slug";
import { categories } from "./categories";

/**
 * Every field of a product staff may set, as the screen sends it: text. One
 * parser for the grid's in-place edits, the product form and the server, so a value the form
 * accepts is exactly a value the action stores.
 */
export const editableFields = [
  "nameEn",
  "nameEs",
  "slug",
  "category",
  "basePrice",
  "quantity",
  "unit",
  "packValue",
  "packUnit",
  "availability",
  "active",
  "hidden",
  "quickbooksId",
  "sku",
  "popularity",
  "descriptionEn",
  "descriptionEs",
] as const;
export type EditableField = (typeof editableFields)[number];

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2_000;
export const CODE_MAX = 200;
export const UNIT_MAX = 30;
export const POPULARITY_MAX = 1_000_000;
/** numeric(12, 2) in the database; QuickBooks allows negative quantity on hand. */
export const QUANTITY_LIMIT = 9_999_999_999;
/** numeric(10, 3). */
export const PACK_VALUE_MAX = 9_999_999;

export type ProductErrorKey =
  | "manage.errors.nameRequired"
  | "manage.errors.nameTooLong"
  | "manage.errors.slugInvalid"
  | "manage.errors.slugTaken"
  | "manage.errors.categoryInvalid"
  | "manage.errors.invalidPrice"
  | "manage.errors.negativePrice"
  | "manage.errors.quantityInvalid"
  | "manage.errors.unitTooLong"
  | "manage.errors.packValueInvalid"
  | "manage.errors.availabilityInvalid"
  | "manage.errors.codeTooLong"
  | "manage.errors.quickbooksIdTaken"
  | "manage.errors.popularityInvalid"
  | "manage.errors.descriptionTooLong";

/** The stored shape of the editable fields (money in cents; numbers as numbers). */
export type ProductValues = {
  nameEn: string;
  nameEs: string;
  slug: string;
  category: (typeof categories)[number] | null;
  basePriceCents: number | null;
  quantity: number | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  availability: "in_stock" | "out_of_stock";
  active: boolean;
  /** Kept from customers and visitors (docs/decisions/026-imported-products-review.md). */
  hidden: boolean;
  quickbooksId: string | null;
  sku: string | null;
  popularity: number;
  descriptionEn: string | null;
  descriptionEs: string | null;
};

const optionalText = (max: number, error: ProductErrorKey) =>
  z
    .string()
    .trim()
    .max(max, error)
    .transform((v) => v || null);

const decimal = (places: number) => new RegExp(`^-?(\\d+(\\.\\d{0,${places}})?|\\.\\d{1,${places}})$`);

const fieldSchemas = {
  nameEn: z.string().trim().min(1, "manage.errors.nameRequired").max(NAME_MAX, "manage.errors.nameTooLong"),
  nameEs: z.string().trim().min(1, "manage.errors.nameRequired").max(NAME_MAX, "manage.errors.nameTooLong"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "manage.errors.slugInvalid")
    .refine(
      (v) => v === "" || (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v) && !RESERVED_SLUGS.has(v)),
      "manage.errors.slugInvalid",
    ),
  category: z
    .string()
    .trim()
    .refine((v) => v === "" || (categories as readonly string[]).includes(v), "manage.errors.categoryInvalid")
    .transform((v) => (v === "" ? null : (v as ProductValues["category"]))),
  basePrice: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const cents = parsePriceInput(v);
      if (cents === null) {
        const message = isNegativePriceInput(v) ? "manage.errors.negativePrice" : "manage.errors.invalidPrice";
        ctx.addIssue({ code: "custom", message });
      }
      return cents;
    }),
  quantity: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = Number(v.replace(/,/g, ""));
      if (!decimal(2).test(v.replace(/,/g, "")) || Math.abs(n) > QUANTITY_LIMIT) {
        ctx.addIssue({ code: "custom", message: "manage.errors.quantityInvalid" });
      }
      return n;
    }),
  unit: optionalText(UNIT_MAX, "manage.errors.unitTooLong"),
  packValue: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = Number(v);
      if (!decimal(3).test(v) || !(n > 0) || n > PACK_VALUE_MAX) {
        ctx.addIssue({ code: "custom", message: "manage.errors.packValueInvalid" });
      }
      return n;
    }),
  packUnit: optionalText(UNIT_MAX, "manage.errors.unitTooLong"),
  availability: z.enum(["in_stock", "out_of_stock"], { error: "manage.errors.availabilityInvalid" }),
  active: z.enum(["true", "false"], { error: "manage.errors.availabilityInvalid" }).transform((v) => v === "true"),
  hidden: z.enum(["true", "false"], { error: "manage.errors.availabilityInvalid" }).transform((v) => v === "true"),
  quickbooksId: optionalText(CODE_MAX, "manage.errors.codeTooLong"),
  sku: optionalText(CODE_MAX, "manage.errors.codeTooLong"),
  popularity: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return 0;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n > POPULARITY_MAX) {
        ctx.addIssue({ code: "custom", message: "manage.errors.popularityInvalid" });
      }
      return n;
    }),
  descriptionEn: optionalText(DESCRIPTION_MAX, "manage.errors.descriptionTooLong"),
  descriptionEs: optionalText(DESCRIPTION_MAX, "manage.errors.descriptionTooLong"),
} satisfies Record<EditableField, z.ZodType>;

/** The fields a request names, each checked as the screen's field of that name is. */
const fieldsSchema = z.object(fieldSchemas).partial();

/** The stored column each screen field sets (the price is typed in dollars and stored in cents). */
export const storedKey = {
  nameEn: "nameEn",
  nameEs: "nameEs",
  slug: "slug",
  category: "category",
  basePrice: "basePriceCents",
  quantity: "quantity",
  unit: "unit",
  packValue: "packValue",
  packUnit: "packUnit",
  availability: "availability",
  active: "active",
  hidden: "hidden",
  quickbooksId: "quickbooksId",
  sku: "sku",
  popularity: "popularity",
  descriptionEn: "descriptionEn",
  descriptionEs: "descriptionEs",
} as const satisfies Record<EditableField, keyof ProductValues>;

export type FieldErrors = Partial<Record<EditableField, ProductErrorKey>>;

export type ParsedFields = { ok: true; values: Partial<ProductValues> } | { ok: false; errors: FieldErrors };

/**
 * Parses the fields present in `input` (text, as typed). Unknown keys and non-text values are
 * refused as a whole (`null`): the screen never sends them, so such a request is not from it.
 */
export function parseProductFields(input: unknown): ParsedFields | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  for (const [key, raw] of Object.entries(input)) {
    if (!(editableFields as readonly string[]).includes(key) || typeof raw !== "string" || raw.length > 10_000) {
      return null;
    }
  }
  // Every message of these fields is one of their keys: none is zod's own, as every value is text.
  const parsed = parseForm(fieldsSchema, input as Record<string, string>, (text) => text as ProductErrorKey);
  if (!parsed.ok) return { ok: false, errors: parsed.fieldErrors };
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed.data)) values[storedKey[field as EditableField]] = value;
  return { ok: true, values: values as Partial<ProductValues> };
}

/** What a new product needs before it can be stored. */
export function missingForCreate(values: Partial<ProductValues>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.nameEn) errors.nameEn = "manage.errors.nameRequired";
  if (!values.nameEs) errors.nameEs = "manage.errors.nameRequired";
  return errors;
}

/** A stored product as the screen's text inputs show it. */
export function fieldsAsText(p: ProductValues): Record<EditableField, string> {
  const number = (n: number | null) => (n === null ? "" : String(n));
  return {
    nameEn: p.nameEn,
    nameEs: p.nameEs,
    slug: p.slug,
    category: p.category ?? "",
    basePrice: p.basePriceCents === null ? "" : (p.basePriceCents / 100).toFixed(2),
    quantity: number(p.quantity),
    unit: p.unit ?? "",
    packValue: number(p.packValue),
    packUnit: p.packUnit ?? "",
    availability: p.availability,
    active: String(p.active),
    hidden: String(p.hidden),
    quickbooksId: p.quickbooksId ?? "",
    sku: p.sku ?? "",
    popularity: String(p.popularity),
    descriptionEn: p.descriptionEn ?? "",
    descriptionEs: p.descriptionEs ?? "",
  };
}

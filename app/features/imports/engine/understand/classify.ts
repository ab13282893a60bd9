import { compactKey, fold, hasLetters, squash } from "../text";
import type { RowStatus } from "../types";

/**
 * The stocked-product types. QuickBooks Online: Inventory, Non-inventory (also written
 * NonInventory); QuickBooks Desktop: Inventory Part, Non-inventory Part, Inventory Assembly; and
 * the same in QuickBooks en español. Every other type (Service, Bundle, Other Charge, Discount,
 * Sales Tax Item, Subtotal, Group, Payment…) is not a product.
 */
const PRODUCT_TYPES = new Set([
  "inventory",
  "noninventory",
  "inventorypart",
  "noninventorypart",
  "inventoryassembly",
  "inventoryitem",
  "noninventoryitem",
  "inventario",
  "noinventario",
  "noinventariado",
  "inventariado",
  "productodeinventario",
  "productonoinventariado",
  "productonoinventariable",
  "articulodeinventario",
  "articulonoinventariable",
  "ensambledeinventario",
]);

export function isProductType(type: string) {
  return PRODUCT_TYPES.has(compactKey(type));
}

/**
 * Item names that are charges, deposits, taxes and credits, not goods (EXPECTED.md's list, and
 * their Spanish and trade equivalents). Compared with the leaf name, upper case, accents folded,
 * spaces collapsed.
 */
const KNOWN_NON_PRODUCT_CODES = new Set([
  // EXPECTED.md
  "DELIVERY",
  "DELIVERY CHARGE",
  "DEL",
  "FREIGHT",
  "FUEL",
  "FUEL SURCHARGE",
  "FSC",
  "PALLET",
  "PALLET DEPOSIT",
  "PALLET DEP",
  "PLT DEP",
  "CRATE DEPOSIT",
  "CRATE DEP",
  "RPC DEPOSIT",
  "DISCOUNT",
  "DESCUENTO",
  "CC FEE",
  "CREDIT CARD FEE",
  "CC SURCHARGE",
  "SALES TAX",
  "TAX",
  "RETURN",
  "RETURNS",
  "CREDIT",
  "CREDIT MEMO",
  "NSF FEE",
  "LATE FEE",
  "SERVICES",
  "HOURS",
  // The same charges as other exports name them
  "SHIPPING",
  "SHIPPING CHARGE",
  "HANDLING",
  "HANDLING FEE",
  "RESTOCKING FEE",
  "BOX DEPOSIT",
  "BIN DEPOSIT",
  "DEPOSIT",
  "ENVIO",
  "FLETE",
  "ENTREGA",
  "CARGO POR ENTREGA",
  "CARGO DE ENTREGA",
  "COMBUSTIBLE",
  "RECARGO",
  "RECARGO COMBUSTIBLE",
  "RECARGO POR COMBUSTIBLE",
  "DEPOSITO",
  "DEPOSITO TARIMA",
  "DEPOSITO DE TARIMA",
  "TARIMA",
  "IMPUESTO",
  "IMPUESTOS",
  "IVA",
  "DEVOLUCION",
  "DEVOLUCIONES",
  "NOTA DE CREDITO",
  "CREDITO",
  "TIP",
  "GRATUITY",
  "PROPINA",
]);

/** The leaf of a QuickBooks name as the code list compares it: "CHARGES:CC FEE (deleted)" → "CC FEE". */
export function leafCode(quickbooksName: string) {
  const leaf = quickbooksName.split(":").pop() ?? "";
  return squash(fold(leaf.replace(/\s*\(deleted\)\s*$/i, "")));
}

export function isKnownNonProductCode(quickbooksName: string) {
  return KNOWN_NON_PRODUCT_CODES.has(leafCode(quickbooksName));
}

const JUNK_DESCRIPTIONS = new Set([
  "N/A",
  "NA",
  "NONE",
  "NULL",
  "TEST",
  "TESTING",
  "TBD",
  "DO NOT USE",
  "#N/A",
  "#REF!",
  "#VALUE!",
  "#NAME?",
  "#DIV/0!",
  "#NUM!",
  "#NULL!",
  "#SPILL!",
  "#CALC!",
  "NO USAR",
  "NO DESCRIPTION",
  "SIN DESCRIPCION",
]);

/** A spreadsheet formula or DDE payload ("=HYPERLINK(…)", "+cmd|' /C calc'!A0", "@SUM(…)"). */
const FORMULA = /^[\s]*[=+\-@][^]*[(|!]/;

/**
 * A description no product can be named from: empty or blank, a placeholder (N/A, NONE, TEST,
 * TBD, DO NOT USE…), a spreadsheet error (#N/A, #REF!…), only X's, fewer than two letters
 * ("-", "???", "12345"), or a spreadsheet formula.
 */
export function isInvalidDescription(description: string) {
  if (FORMULA.test(description)) return true;
  const text = squash(description);
  if (text === "") return true;
  const key = fold(text);
  if (JUNK_DESCRIPTIONS.has(key)) return true;
  if (/^X+$/.test(key.replace(/\s+/g, ""))) return true;
  return !hasLetters(text, 2);
}

const ACTIVE_VALUES = new Set(["active", "activo", "activa", "yes", "si", "true", "y", "1"]);

/** QuickBooks Desktop's Active Status (and the like): anything but Active is inactive; empty counts as active. */
export function isInactiveStatus(value: string | undefined) {
  const key = compactKey(value ?? "");
  return key !== "" && !ACTIVE_VALUES.has(key);
}

/** QuickBooks Online labels inactive items " (deleted)" when "Include inactive" is ticked. */
export const DELETED_LABEL = /\s*\(deleted\)\s*$/i;

export type Classification = {
  status: Exclude<RowStatus, "error">;
  inactive: boolean;
};

/**
 * EXPECTED.md's rules in their order, first match wins: a non-stocked Type (even when inactive),
 * a known non-product code, an invalid description (even when inactive), an inactive item, else
 * a product. A row whose Type cell is empty is not judged by its type.
 */
export function classify(input: {
  name: string;
  type?: string;
  description: string;
  inactive: boolean;
}): Classification {
  const type = (input.type ?? "").trim();
  if (type !== "" && !isProductType(type)) return { status: "skipped_service_item", inactive: input.inactive };
  if (isKnownNonProductCode(input.name)) return { status: "skipped_known_non_product_code", inactive: input.inactive };
  if (isInvalidDescription(input.description))
    return { status: "skipped_invalid_description", inactive: input.inactive };
  if (input.inactive) return { status: "processed_inactive", inactive: true };
  return { status: "product", inactive: false };
}

/**
 * Reading the `changes` an activity entry holds. Writers store either before/after pairs
 * (`{ priceCents: { before: 100, after: 120 } }`), plain values (`{ name, email, role }` on
 * creation), or both at once (`{ priceCents: {...}, source: "screen" }`). Anything else — an array,
 * a string, an object nested deeper — is reported as unexpected, never guessed at.
 */

export type Scalar = string | number | boolean | null;
export type ChangeValue = Scalar | Scalar[] | { [key: string]: Scalar };

export type ChangeRow =
  | { field: string; kind: "pair"; before: ChangeValue; after: ChangeValue }
  | { field: string; kind: "value"; value: ChangeValue };

export type ChangeSet = { kind: "none" } | { kind: "fields"; rows: ChangeRow[] } | { kind: "unexpected" };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

function isChangeValue(value: unknown): value is ChangeValue {
  if (isScalar(value)) return true;
  if (Array.isArray(value)) return value.every(isScalar);
  return isPlainObject(value) && Object.values(value).every(isScalar);
}

function isPair(value: unknown): value is { before: unknown; after: unknown } {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes("before") && keys.includes("after");
}

export function readChanges(raw: unknown): ChangeSet {
  if (raw === null || raw === undefined) return { kind: "none" };
  if (!isPlainObject(raw)) return { kind: "unexpected" };
  const rows: ChangeRow[] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (isPair(value)) {
      const before = value.before === undefined ? null : value.before;
      const after = value.after === undefined ? null : value.after;
      if (!isChangeValue(before) || !isChangeValue(after)) return { kind: "unexpected" };
      rows.push({ field, kind: "pair", before, after });
    } else if (isChangeValue(value)) {
      rows.push({ field, kind: "value", value });
    } else {
      return { kind: "unexpected" };
    }
  }
  if (rows.length === 0) return { kind: "none" };
  // What changed first, then the values that describe it (jsonb keeps keys in its own order).
  return { kind: "fields", rows: rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "pair" ? -1 : 1)) };
}

/** The import summary counts of the specification, in its order. */
export const importCountKeys = [
  "totalProcessed",
  "created",
  "updated",
  "skipped",
  "errors",
  "processedInactive",
] as const;
export type ImportCountKey = (typeof importCountKeys)[number];
export type ImportCounts = Partial<Record<ImportCountKey, number>>;

/** Names an import writer may use for each count (camelCase or snake_case). */
const countAliases: Record<string, ImportCountKey> = {
  totalProcessed: "totalProcessed",
  total_processed: "totalProcessed",
  total: "totalProcessed",
  processed: "totalProcessed",
  created: "created",
  updated: "updated",
  skipped: "skipped",
  errors: "errors",
  error: "errors",
  processedInactive: "processedInactive",
  processed_inactive: "processedInactive",
  inactive: "processedInactive",
};

/** Fields that hold the counts themselves, nested one level. */
const countContainers = ["counts", "summary"];

export function isImportCountField(field: string) {
  return Object.hasOwn(countAliases, field) || countContainers.includes(field);
}

function countsIn(value: unknown): ImportCounts {
  const counts: ImportCounts = {};
  if (!isPlainObject(value)) return counts;
  for (const [key, n] of Object.entries(value)) {
    const name = Object.hasOwn(countAliases, key) ? countAliases[key] : undefined;
    if (name && typeof n === "number" && Number.isFinite(n)) counts[name] ??= n;
  }
  for (const container of countContainers) {
    for (const [name, n] of Object.entries(countsIn(value[container]))) counts[name as ImportCountKey] ??= n;
  }
  return counts;
}

/** An import run's counts, from its entry's changes first, then from the run's own summary. */
export function readImportCounts(...sources: unknown[]): ImportCounts | null {
  const counts: ImportCounts = {};
  for (const source of sources) {
    for (const [name, n] of Object.entries(countsIn(source))) counts[name as ImportCountKey] ??= n;
  }
  return Object.keys(counts).length > 0 ? counts : null;
}

/**
 * What a grouped entry stands for (docs/decisions/029-grouped-activity.md): how many prices one
 * change of a list changed, where it came from (a price history source), and, when the writer
 * knew it, the bulk change it was made as or the version it restored. Its rows are read from the
 * price history, not stored here.
 */
export type PriceGroupChanges = {
  source: string;
  count: number;
  bulk?: {
    type: "fixed" | "percentage";
    /** Cents, or hundredths of a percent. */
    value: number;
    rounding: string;
    category: string | null;
  };
  restoredVersion?: number;
};

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/** A grouped entry's description, or null when it is not one of that shape. */
export function readPriceGroup(raw: unknown): PriceGroupChanges | null {
  if (!isPlainObject(raw) || typeof raw.source !== "string" || !isCount(raw.count)) return null;
  const group: PriceGroupChanges = { source: raw.source, count: raw.count };
  if (raw.bulk !== undefined) {
    const b = raw.bulk;
    if (
      !isPlainObject(b) ||
      (b.type !== "fixed" && b.type !== "percentage") ||
      typeof b.value !== "number" ||
      !Number.isSafeInteger(b.value) ||
      typeof b.rounding !== "string" ||
      (b.category !== null && typeof b.category !== "string")
    ) {
      return null;
    }
    group.bulk = { type: b.type, value: b.value, rounding: b.rounding, category: b.category };
  }
  if (raw.restoredVersion !== undefined) {
    if (!isCount(raw.restoredVersion)) return null;
    group.restoredVersion = raw.restoredVersion;
  }
  return group;
}

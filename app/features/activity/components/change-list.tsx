import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { importCountKeys, type ChangeRow, type ChangeValue, type Scalar } from "../changes";
import { fieldLabel, formatScalar, formatValue, type FormatContext } from "../format";
import type { ActivityEntryView } from "../types";
import { PriceGroup } from "./price-group";
import { localeOf } from "~/lib/locale";

/** Rows shown before the rest folds away; items of a list likewise. */
const ROWS_SHOWN = 3;
const ITEMS_SHOWN = 5;

const muted = "text-slate-700 dark:text-slate-300";
const detailsSummary =
  "cursor-pointer text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-100";

/** A long list shows its first items, and the rest behind a native disclosure (no JavaScript needed). */
function ItemList({ items }: { items: string[] }) {
  const { t } = useTranslation("activity");
  if (items.length <= ITEMS_SHOWN) return <>{items.join(", ")}</>;
  return (
    <>
      {items.slice(0, ITEMS_SHOWN).join(", ")}
      <details className="mt-1">
        <summary className={detailsSummary}>{t("changes.showMore", { count: items.length - ITEMS_SHOWN })}</summary>
        <p className="mt-1">{items.slice(ITEMS_SHOWN).join(", ")}</p>
      </details>
    </>
  );
}

function ValueText({
  ctx,
  field,
  value,
  fold = true,
}: {
  ctx: FormatContext;
  field: string;
  value: ChangeValue;
  /** Inside a line of text (before → after) a list is not folded: a disclosure is a block. */
  fold?: boolean;
}) {
  if (fold && Array.isArray(value) && value.length > ITEMS_SHOWN) {
    return <ItemList items={value.map((v) => formatScalar(ctx, field, v))} />;
  }
  return <>{formatValue(ctx, field, value)}</>;
}

/** Lists compared by what was added and what was removed (a list of 40 customers is read that way). */
function ListDiff({
  ctx,
  field,
  before,
  after,
}: {
  ctx: FormatContext;
  field: string;
  before: Scalar[];
  after: Scalar[];
}) {
  const { t } = useTranslation("activity");
  const key = (v: Scalar) => JSON.stringify(v);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const added = after.filter((v) => !had.has(key(v))).map((v) => formatScalar(ctx, field, v));
  const removed = before.filter((v) => !has.has(key(v))).map((v) => formatScalar(ctx, field, v));
  if (added.length === 0 && removed.length === 0) return <>{t("changes.unchanged")}</>;
  return (
    <>
      {added.length > 0 ? (
        <div>
          {t("changes.added")}: <ItemList items={added} />
        </div>
      ) : null}
      {removed.length > 0 ? (
        <div>
          {t("changes.removed")}: <ItemList items={removed} />
        </div>
      ) : null}
    </>
  );
}

function adjustmentTypeIn(rows: ChangeRow[], side: "before" | "after"): Scalar | undefined {
  const row = rows.find((r) => r.field === "adjustmentType");
  if (!row) return undefined;
  const value = row.kind === "pair" ? row[side] : row.value;
  return Array.isArray(value) || (value !== null && typeof value === "object") ? undefined : value;
}

function RowValue({ row, rows }: { row: ChangeRow; rows: ChangeRow[] }) {
  const { t, i18n } = useTranslation("activity");
  const ctx = (side: "before" | "after"): FormatContext => ({ i18n, adjustmentType: adjustmentTypeIn(rows, side) });
  if (row.kind === "value") return <ValueText ctx={ctx("after")} field={row.field} value={row.value} />;
  if (Array.isArray(row.before) && Array.isArray(row.after)) {
    return <ListDiff ctx={ctx("after")} field={row.field} before={row.before} after={row.after} />;
  }
  return (
    <>
      <span className="sr-only">{t("changes.from")} </span>
      <span className={muted}>
        <ValueText ctx={ctx("before")} field={row.field} value={row.before} fold={false} />
      </span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> {t("changes.to")} </span>
      <span className="font-medium">
        <ValueText ctx={ctx("after")} field={row.field} value={row.after} fold={false} />
      </span>
    </>
  );
}

function Rows({ rows, all }: { rows: ChangeRow[]; all: ChangeRow[] }) {
  const { t } = useTranslation("activity");
  return (
    <dl className="grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1">
      {rows.map((row) => (
        <div key={row.field} className="contents">
          <dt className={`${muted} [overflow-wrap:anywhere]`}>{fieldLabel(t, row.field)}</dt>
          <dd className="[overflow-wrap:anywhere]">
            <RowValue row={row} rows={all} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Counts({ counts }: { counts: NonNullable<ActivityEntryView["importCounts"]> }) {
  const { t, i18n } = useTranslation("activity");
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <div>
      <p className="font-medium">{t("import.counts")}</p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {importCountKeys
          .filter((k) => counts[k] !== undefined)
          .map((k) => (
            <li key={k}>
              <span className={muted}>{t(`import.${k}`)}:</span>{" "}
              <span className="font-medium tabular-nums">{number.format(counts[k]!)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}

/**
 * What an entry changed: a grouped change's sentence and rows, before → after per field, plain
 * values, an import's counts with the way to its rows, or a clear message.
 */
export function ChangeList({ entry, productText = null }: { entry: ActivityEntryView; productText?: string | null }) {
  const { t } = useTranslation("activity");
  if (entry.group) {
    return (
      <PriceGroup
        entryId={entry.id}
        group={entry.group}
        list={entry.entity.name ?? t("entity.unnamed")}
        productText={productText}
      />
    );
  }
  const parts: ReactNode[] = [];
  if (entry.importCounts) parts.push(<Counts key="counts" counts={entry.importCounts} />);
  // An import's rows are its run's page, as a grouped change's rows are behind its disclosure.
  if (entry.entityType === "import_run" && entry.entity.href) {
    parts.push(
      <Link key="rows" to={entry.entity.href} className={detailsSummary}>
        {t("import.rows")}
      </Link>,
    );
  }
  const { changes } = entry;
  if (changes.kind === "unexpected") {
    parts.push(
      <p key="unexpected" className="text-amber-900 dark:text-amber-200">
        {t("errors.unexpectedFormat")}
      </p>,
    );
  } else if (changes.kind === "fields") {
    const { rows } = changes;
    const folded = rows.length > ROWS_SHOWN + 1;
    parts.push(
      <div key="rows" className="space-y-1">
        <Rows rows={folded ? rows.slice(0, ROWS_SHOWN) : rows} all={rows} />
        {folded ? (
          <details>
            <summary className={detailsSummary}>{t("changes.showMore", { count: rows.length - ROWS_SHOWN })}</summary>
            <div className="mt-1">
              <Rows rows={rows.slice(ROWS_SHOWN)} all={rows} />
            </div>
          </details>
        ) : null}
      </div>,
    );
  }
  if (parts.length === 0) return <p className={muted}>{t("changes.none")}</p>;
  return <div className="space-y-2 text-sm">{parts}</div>;
}

import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/components/ui/date-time";
import { FormAlert } from "~/components/ui/field";
import { SaveFailure } from "~/components/ui/save-bar";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { useTranslation } from "~/i18n/use-translation";
import type { Cells, DirtyRow, Edits } from "../grid-state";
import type { ManageErrorKey } from "../manage-actions.server";
import type { ProductConflict } from "../manage.server";
import { fieldsAsText, type EditableField, type FieldErrors } from "../product-fields";
import { useValueText } from "./use-value-text";

/** Where the grid's save stands; a failure keeps every edit on screen and offers Retry. */
export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "failed"; reason: "offline" | "signedOut" | "server" }
  /** A refused cell stays marked until it is typed in again (`sent` holds what was refused). */
  | {
      kind: "refused";
      message: ManageErrorKey;
      fieldErrors: Record<string, FieldErrors>;
      sent: Readonly<Record<string, Cells>>;
    }
  | { kind: "conflict"; conflicts: ProductConflict[] };

/**
 * Each changed cell of the given rows, saved value → typed value, with what deserves a second
 * look: the review before saving, and (with `onlyPrices`) the confirmation of flagged prices.
 */
export function ChangeTable({ rows, onlyPrices = false }: { rows: DirtyRow[]; onlyPrices?: boolean }) {
  const { t, i18n } = useTranslation("products");
  const valueText = useValueText();
  const cells = rows.flatMap((row) =>
    (Object.keys(row.edit.cells) as EditableField[])
      .filter((field) => !onlyPrices || field === "basePrice")
      .map((field) => ({ row, field })),
  );
  return (
    <div className="max-h-[50vh] overflow-y-auto">
      <Table density="compact" cards>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("manage.product")}</TableHeaderCell>
            <TableHeaderCell>{t("manage.field")}</TableHeaderCell>
            <TableHeaderCell>{t("manage.before")}</TableHeaderCell>
            <TableHeaderCell>{t("manage.after")}</TableHeaderCell>
            <TableHeaderCell>{t("manage.note")}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cells.map(({ row, field }) => {
            const names = row.product ?? row.edit.saved;
            const note =
              field === "basePrice" && row.price
                ? t(`manage.flags.${row.price}`)
                : row.since
                  ? t(`manage.flags.${row.since}`)
                  : "";
            return (
              <TableRow key={`${row.id}-${field}`}>
                <TableCell label={t("manage.product")}>
                  {i18n.language === "es" ? names.nameEs : names.nameEn}
                </TableCell>
                <TableCell label={t("manage.field")}>{t(`manage.fields.${field}`)}</TableCell>
                <TableCell label={t("manage.before")}>{valueText(field, row.edit.saved[field])}</TableCell>
                <TableCell label={t("manage.after")} className="font-semibold">
                  {valueText(field, row.edit.cells[field]!)}
                </TableCell>
                {note ? (
                  <TableCell label={t("manage.note")} wide>
                    {note}
                  </TableCell>
                ) : (
                  <TableCell className="max-md:hidden" />
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** What the save bar says about the last save, in the person's language, with what to do next. */
export function SaveMessage({
  state,
  edits,
  onRetry,
  onOverwrite,
  onTheirs,
}: {
  state: SaveState;
  edits: Edits;
  onRetry: () => void;
  onOverwrite: (conflicts: ProductConflict[]) => void;
  onTheirs: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation("products");
  const valueText = useValueText();
  if (state.kind === "saved") return <FormAlert tone="success">{t("manage.saved")}</FormAlert>;
  if (state.kind === "failed" || state.kind === "refused") {
    const text = state.kind === "refused" ? t(state.message) : t(`manage.failed.${state.reason}`);
    return (
      <SaveFailure
        text={text}
        // Refused values are marked in their cells: saving them again would be refused again.
        retry={
          state.kind === "refused" && state.message === "manage.errors.invalidFields"
            ? null
            : { label: t("manage.retry"), onRetry }
        }
        signIn={state.kind === "failed" && state.reason === "signedOut" ? t("manage.signInTab") : null}
      />
    );
  }
  if (state.kind === "conflict") {
    return (
      <FormAlert>
        <p className="font-medium">{t("manage.errors.conflict")}</p>
        <ul className="mt-2 max-h-40 list-disc space-y-1 overflow-y-auto pl-5">
          {state.conflicts.map((c) => {
            const mine = edits[c.productId];
            const theirs = fieldsAsText(c.current);
            // The cells typed here that the other person's save also changed.
            const both = (Object.keys(mine?.cells ?? {}) as EditableField[]).filter(
              (f) => mine!.saved[f] !== theirs[f],
            );
            return (
              <li key={c.productId}>
                {t("manage.conflictChange", {
                  product: i18n.language === "es" ? c.current.nameEs : c.current.nameEn,
                  author: c.authorName ?? t("manage.someone"),
                  at: formatDateTime(c.at, i18n.language),
                })}
                {both.length > 0 ? (
                  <ul className="pl-4">
                    {both.map((f) => (
                      <li key={f}>
                        {t("manage.conflictValue", { field: t(`manage.fields.${f}`), value: valueText(f, theirs[f]) })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="danger" onClick={() => onOverwrite(state.conflicts)}>
            {t("manage.overwrite")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onTheirs(state.conflicts.map((c) => c.productId))}>
            {t("manage.reload")}
          </Button>
        </div>
      </FormAlert>
    );
  }
  return null;
}

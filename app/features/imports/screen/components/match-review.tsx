import { useId, useState } from "react";
import { formatNumber } from "~/lib/locale";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { formatMoney } from "~/lib/money";
import { describeImportRowMessage } from "../../engine/messages";
import type { MatchCandidate, RowChoice } from "../../engine/plan/decide";
import type { ImportRowResult } from "../../engine/results";
import { isBigMove, PriceMove } from "./price-move";
import type { ShownRowResult } from "./results-table";
import { choiceConflict, type ChoiceInput } from "../../run/choices";
import { useImportText } from "./use-import-text";

/**
 * The review before the first import into a catalogue that exists
 * (docs/decisions/027-first-import-matching.md): the rows the import links to a product by name,
 * the near matches it proposes, and the rows it makes new, with their counts; staff change any
 * proposal (link to another product, make it new, leave it out) row by row or a group at once.
 */

export type Group = "linked" | "near" | "new";

/** The group of a row by what the import proposed for it (before staff's choices); null outside the review. */
export function groupOf(proposal: ImportRowResult): Group | null {
  if (proposal.match === "name" && proposal.action !== "error") return "linked";
  if (proposal.action === "created") return proposal.candidates.length > 0 ? "near" : "new";
  return null;
}

/** The choices as the run's start takes them. */
export function choiceInputs(choices: ReadonlyMap<number, RowChoice>): ChoiceInput[] {
  return [...choices].map(([row, choice]) =>
    choice.kind === "link" ? { row, kind: "link", productId: choice.productId } : { row, kind: choice.kind },
  );
}

/** The choice that carries out what the import proposed for a row of the review. */
export function proposalChoice(proposal: ImportRowResult): RowChoice {
  return proposal.match === "name" ? { kind: "link", productId: proposal.candidates[0].id } : { kind: "new" };
}

const sameChoice = (a: RowChoice, b: RowChoice) =>
  a.kind === b.kind && (a.kind !== "link" || (b.kind === "link" && a.productId === b.productId));

/** Rows shown per group before "Show all". */
const SHOWN = 20;

const GROUPS: Group[] = ["linked", "near", "new"];

type Props = {
  /** Each row as the import proposes it, without staff's choices. */
  proposals: ImportRowResult[];
  /** Each row as it will be imported, with staff's choices (its refusals and price moves show here). */
  results: ShownRowResult[];
  choices: ReadonlyMap<number, RowChoice>;
  /** Products a row may be linked to (no QuickBooks ID, not archived). */
  products: MatchCandidate[];
  /** Sets each row's choice; null goes back to the proposal. */
  onChoose: (changes: Array<[row: number, choice: RowChoice | null]>) => void;
};

export function MatchReview({ proposals, results, choices, products, onChoose }: Props) {
  const { t, text, lang } = useImportText();
  const id = useId();
  const byGroup = new Map<Group, ImportRowResult[]>(GROUPS.map((g) => [g, []]));
  for (const proposal of proposals) {
    const group = groupOf(proposal);
    if (group) byGroup.get(group)!.push(proposal);
  }
  const resultOf = new Map(results.map((r) => [r.row, r]));
  const conflict = choiceConflict(choiceInputs(choices));
  if (GROUPS.every((g) => byGroup.get(g)!.length === 0)) return null;
  const bigMoves = GROUPS.flatMap((g) => byGroup.get(g)!).filter((p) => {
    const result = resultOf.get(p.row);
    return result !== undefined && isBigMove(result);
  }).length;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="match-review">
      <div className="space-y-1">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {t("screen.review.heading")}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("screen.review.intro")}</p>
      </div>
      {conflict ? <FormAlert>{t("run.errors.choiceTwice", conflict)}</FormAlert> : null}
      {bigMoves > 0 ? <FormAlert tone="warning">{t("screen.review.bigMoves", { count: bigMoves })}</FormAlert> : null}
      <datalist id={`${id}-products`}>
        {products.map((p) => (
          <option key={p.id} value={productLabel(p, text, lang)} />
        ))}
      </datalist>
      {GROUPS.map((group) =>
        byGroup.get(group)!.length > 0 ? (
          <ReviewGroup
            key={group}
            group={group}
            rows={byGroup.get(group)!}
            resultOf={resultOf}
            choices={choices}
            products={products}
            listId={`${id}-products`}
            onChoose={onChoose}
          />
        ) : null,
      )}
    </section>
  );
}

type Text = ReturnType<typeof useImportText>["text"];

function packText(p: Pick<MatchCandidate, "packValue" | "packUnit">, text: Text, lang: string) {
  if (p.packValue === null || !p.packUnit) return "";
  // A product typed on the site may have a unit the import's words do not know: it is shown as typed.
  const unit = text(`screen.packUnits.${p.packUnit}`, { defaultValue: p.packUnit, count: p.packValue });
  return `${formatNumber(p.packValue, lang)} ${unit}`;
}

/** A product as a choice names it, in the reader's language: "Hass Avocados · 48 ct". */
function productLabel(p: MatchCandidate, t: Text, lang: string) {
  const pack = packText(p, t, lang);
  const name = (lang === "es" ? p.nameEs : p.name) || p.name;
  return pack ? `${name} · ${pack}` : name;
}

/** The select's value for a choice: "" is the proposal. */
function valueOf(choice: RowChoice | undefined) {
  if (!choice) return "";
  return choice.kind === "link" ? `link:${choice.productId}` : choice.kind;
}

function ReviewGroup({
  group,
  rows,
  resultOf,
  choices,
  products,
  listId,
  onChoose,
}: {
  group: Group;
  rows: ImportRowResult[];
  resultOf: ReadonlyMap<number, ShownRowResult>;
  choices: ReadonlyMap<number, RowChoice>;
  products: MatchCandidate[];
  listId: string;
  onChoose: Props["onChoose"];
}) {
  const { t, lang } = useImportText();
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SHOWN);
  const numbers = rows.map((r) => r.row);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2" data-group={group}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`${id}-heading`} className="font-semibold">
          {t(`screen.review.groups.${group}`)}{" "}
          <span className="tabular-nums text-slate-700 dark:text-slate-300">({formatNumber(rows.length, lang)})</span>
        </h4>
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label={t("screen.review.bulkLabel", { group: t(`screen.review.groups.${group}`) })}
        >
          {group === "near" ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onChoose(rows.map((r) => [r.row, { kind: "link", productId: r.candidates[0].id }]))}
            >
              {t("screen.review.bulk.linkClosest")}
            </Button>
          ) : null}
          {group === "linked" ? (
            <Button size="sm" variant="outline" onClick={() => onChoose(numbers.map((n) => [n, { kind: "new" }]))}>
              {t("screen.review.bulk.allNew")}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => onChoose(numbers.map((n) => [n, { kind: "skip" }]))}>
            {t("screen.review.bulk.allOut")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onChoose(numbers.map((n) => [n, null]))}>
            {t("screen.review.bulk.proposals")}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(`screen.review.hints.${group}`)}</p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {shown.map((proposal) => (
          <ReviewRow
            key={proposal.row}
            proposal={proposal}
            result={resultOf.get(proposal.row) ?? proposal}
            choice={choices.get(proposal.row)}
            products={products}
            listId={listId}
            onChoose={onChoose}
          />
        ))}
      </ul>
      {rows.length > shown.length ? (
        <Button size="sm" variant="outline" onClick={() => setAll(true)}>
          {t("screen.review.showAll", { count: rows.length })}
        </Button>
      ) : null}
    </section>
  );
}

function ReviewRow({
  proposal,
  result,
  choice,
  products,
  listId,
  onChoose,
}: {
  proposal: ImportRowResult;
  result: ShownRowResult;
  choice: RowChoice | undefined;
  products: MatchCandidate[];
  listId: string;
  onChoose: Props["onChoose"];
}) {
  const { t, text, lang } = useImportText();
  const id = useId();
  const [searching, setSearching] = useState(false);
  const [typed, setTyped] = useState("");
  const [notFound, setNotFound] = useState(false);
  const proposedLink = proposal.match === "name" ? proposal.candidates[0] : null;
  // Once staff change a row, every row of the review is sent as a choice: the proposal's is shown as such.
  const chosen = choice && !sameChoice(choice, proposalChoice(proposal)) ? choice : undefined;
  const chosenOther =
    chosen?.kind === "link" && !proposal.candidates.some((c) => c.id === chosen.productId)
      ? products.find((p) => p.id === chosen.productId)
      : undefined;
  const refusal = result.action === "error" ? result.messages[0] : undefined;

  const choose = (value: string) => {
    if (value === "other") return setSearching(true);
    setSearching(false);
    if (value === "") return onChoose([[proposal.row, null]]);
    if (value === "new" || value === "skip") {
      return onChoose([[proposal.row, value === "new" && !proposedLink ? null : { kind: value }]]);
    }
    const productId = value.slice("link:".length);
    onChoose([[proposal.row, proposedLink?.id === productId ? null : { kind: "link", productId }]]);
  };

  const pickTyped = () => {
    const found = products.find((p) => productLabel(p, text, lang) === typed.trim());
    setNotFound(!found);
    if (!found) return;
    setSearching(false);
    setTyped("");
    onChoose([[proposal.row, proposedLink?.id === found.id ? null : { kind: "link", productId: found.id }]]);
  };

  const pack = packText(proposal, text, lang);
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-start" data-row={proposal.row}>
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium [overflow-wrap:anywhere]">
          {(lang === "es" ? proposal.nameEs : proposal.name) ?? proposal.name ?? proposal.item}
          {pack ? <span className="font-normal text-slate-700 dark:text-slate-300"> · {pack}</span> : null}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
          {t("screen.review.rowFacts", { row: proposal.row, item: proposal.item })}
          {result.priceBefore != null && result.priceCents !== null ? (
            <>
              {" · "}
              <PriceMove before={result.priceBefore} after={result.priceCents} />
            </>
          ) : proposal.priceCents !== null ? (
            ` · ${formatMoney(proposal.priceCents, lang)}`
          ) : (
            ""
          )}
        </p>
      </div>
      <div className="min-w-0 space-y-2">
        <SelectField
          id={`${id}-choice`}
          label={t("screen.review.choiceLabel", { row: proposal.row })}
          value={searching ? "other" : chosenOther ? `link:${chosenOther.id}` : valueOf(chosen)}
          onChange={(event) => choose(event.currentTarget.value)}
          error={refusal ? text(describeImportRowMessage(refusal, lang)) : undefined}
        >
          {proposedLink ? (
            <>
              <option value="">
                {t("screen.review.options.linkProposed", { product: productLabel(proposedLink, text, lang) })}
              </option>
              <option value="new">{t("screen.review.options.new")}</option>
            </>
          ) : (
            <option value="">{t("screen.review.options.newProposed")}</option>
          )}
          {proposal.candidates
            .filter((c) => c.id !== proposedLink?.id)
            .map((c) => (
              <option key={c.id} value={`link:${c.id}`}>
                {t("screen.review.options.link", { product: productLabel(c, text, lang) })}
              </option>
            ))}
          {chosenOther ? (
            <option value={`link:${chosenOther.id}`}>
              {t("screen.review.options.link", { product: productLabel(chosenOther, text, lang) })}
            </option>
          ) : null}
          <option value="other">{t("screen.review.options.other")}</option>
          <option value="skip">{t("screen.review.options.skip")}</option>
        </SelectField>
        {searching ? (
          <div className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t("screen.review.searchLabel")}
              list={listId}
              value={typed}
              autoFocus
              error={notFound ? t("screen.review.notFound") : undefined}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setNotFound(false);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  pickTyped();
                }
              }}
            />
            <Button size="md" variant="outline" onClick={pickTyped}>
              {t("screen.review.link")}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

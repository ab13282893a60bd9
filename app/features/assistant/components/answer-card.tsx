import { useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { PriceChangeTable } from "~/features/price-lists/components/price-change-table";
import { PriceHistoryView } from "~/features/price-lists/components/price-history-view";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/money";
import { answerOf, sendForm } from "~/lib/send-form";
import type { AnswerData, HistoryEntry, ProposalState, SettleAnswer, StoredMessage } from "../schema";

type Settled = (messages: StoredMessage[], proposalId: string, status: ProposalState) => void;

/** What an answer shows under its text: a table of products, a proposal, a history, or choices. */
export function AnswerCard({
  data,
  onChoice,
  onSettled,
}: {
  data: AnswerData;
  onChoice: (message: string) => void;
  onSettled: Settled;
}) {
  switch (data.kind) {
    case "products":
      return <ProductsTable data={data} />;
    case "proposal":
      return <ProposalCard data={data} onSettled={onSettled} />;
    case "history":
      return <HistoryCard data={data} />;
    case "choices":
      return (
        <ul className="flex flex-wrap gap-2">
          {data.choices.map((choice) => (
            <li key={choice.message}>
              <Button variant="outline" size="sm" onClick={() => onChoice(choice.message)}>
                {choice.label}
              </Button>
            </li>
          ))}
        </ul>
      );
  }
}

const cardClass = "space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700";

function ProductsTable({ data }: { data: Extract<AnswerData, { kind: "products" }> }) {
  const { t, i18n } = useTranslation(["assistant", "catalog"]);
  const lang = i18n.language;
  const unitPack = unitAndPackLabeler(t, lang);
  const label = t("products.caption", { list: data.list.name, count: data.total });
  return (
    <div className={cardClass}>
      {/* On a phone each product is a card, so no column is cut at the card's edge. */}
      <Table label={label} cards>
        <TableCaption visible>{label}</TableCaption>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("products.product")}</TableHeaderCell>
            <TableHeaderCell>{t("products.pack")}</TableHeaderCell>
            <TableHeaderCell numeric>{t("products.price")}</TableHeaderCell>
            <TableHeaderCell>{t("products.availability")}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.id}>
              <TableHeaderCell scope="row" wide label={t("products.product")} className="font-normal">
                <span className="block">{row.name}</span>
                {row.otherName ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{row.otherName}</span>
                ) : null}
              </TableHeaderCell>
              <TableCell label={t("products.pack")}>{unitPack(row)}</TableCell>
              <TableCell numeric label={t("products.price")} className="whitespace-nowrap">
                {row.priceCents === null ? t("products.noPrice") : formatMoney(row.priceCents, lang)}
              </TableCell>
              <TableCell label={t("products.availability")}>
                {row.available ? t("products.available") : t("products.outOfStock")}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.total > data.rows.length ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("products.more", { shown: data.rows.length, count: data.total })}
        </p>
      ) : null}
      <Link
        to={`/pricesprivate/${data.list.slug}`}
        className="inline-block text-sm font-medium text-brand-700 underline dark:text-brand-100"
      >
        {t("products.openList", { list: data.list.name })}
      </Link>
    </div>
  );
}

async function postSettle(intent: "confirm" | "cancel" | "undo", proposalId: string): Promise<SettleAnswer | null> {
  return answerOf(await sendForm<SettleAnswer>("/ai/messages", { intent, proposalId }));
}

function ProposalCard({ data, onSettled }: { data: Extract<AnswerData, { kind: "proposal" }>; onSettled: Settled }) {
  const { t } = useTranslation("assistant");
  const [busy, setBusy] = useState<"confirm" | "cancel" | "undo" | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const act = async (intent: "confirm" | "cancel" | "undo") => {
    setBusy(intent);
    setFailed(null);
    const answer = await postSettle(intent, data.proposalId);
    setBusy(null);
    if (!answer) setFailed(t("errors.network"));
    else if (!answer.ok) setFailed(answer.message);
    else {
      onSettled(answer.messages, answer.proposalId, answer.status);
      // The pressed button goes away with the new state: focus stays on the card, at what it says now.
      status.current?.focus();
    }
  };
  const rows = data.items.map((i) => ({ key: i.productId, name: i.name, now: i.oldCents, next: i.newCents }));
  return (
    <div className={cardClass}>
      <h2 className="font-semibold">{t("proposal.title", { list: data.list.name, count: data.items.length })}</h2>
      {data.warning ? <FormAlert tone="warning">{t("proposal.warning")}</FormAlert> : null}
      <PriceChangeTable rows={rows} testId={`proposal-${data.proposalId}`} />
      <p ref={status} tabIndex={-1} className="text-sm font-medium focus:outline-none" role="status">
        {t(`proposal.status.${data.status}`)}
      </p>
      {data.status === "pending" ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void act("confirm")} disabled={busy !== null}>
            {busy === "confirm" ? t("proposal.confirming") : t("proposal.confirm")}
          </Button>
          <Button variant="outline" onClick={() => void act("cancel")} disabled={busy !== null}>
            {t("proposal.cancel")}
          </Button>
        </div>
      ) : null}
      {data.status === "applied" ? (
        <Button variant="outline" onClick={() => void act("undo")} disabled={busy !== null}>
          {busy === "undo" ? t("proposal.undoing") : t("proposal.undo")}
        </Button>
      ) : null}
      {failed ? <FormAlert>{failed}</FormAlert> : null}
    </div>
  );
}

function HistoryCard({ data }: { data: Extract<AnswerData, { kind: "history" }> }) {
  const { t } = useTranslation(["assistant", "prices"]);
  const name = data.product.name;
  const title = data.list
    ? t("history.titleList", { product: name, list: data.list.name, count: data.days })
    : t("history.titleAll", { product: name, count: data.days });
  if (data.entries.length === 0) {
    return (
      <div className={cardClass}>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm">{t("history.empty")}</p>
      </div>
    );
  }
  // One chart per list: prices of different lists are different series.
  const byList = new Map<string, HistoryEntry[]>();
  for (const entry of data.entries) {
    const list = entry.list ?? data.list?.name ?? t("history.deletedList");
    byList.set(list, [...(byList.get(list) ?? []), entry]);
  }
  return (
    <div className={cardClass}>
      <h2 className="font-semibold">{title}</h2>
      {[...byList].map(([list, entries]) => (
        <section key={list} className="space-y-2">
          {byList.size > 1 || !data.list ? <h3 className="text-sm font-semibold">{list}</h3> : null}
          <PriceHistoryView
            entries={entries}
            productName={name}
            label={t("history.tableLabel", { ns: "prices", name, list })}
            showWho={data.staffView}
          />
        </section>
      ))}
    </div>
  );
}

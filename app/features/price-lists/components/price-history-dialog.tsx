import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactElement } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { priceHistoryAnswer, priceHistoryPath, type PriceHistory } from "../history";
import { PriceHistoryView } from "./price-history-view";

type Props = {
  /** The price list's slug, as in /prices-manage/{slug}. */
  listSlug: string;
  productId: string;
  /** Shown in the title at once, before the history (which names the product too) arrives. */
  productName: string;
  /** The button that opens the dialog. */
  children: ReactElement;
};

/**
 * One product's price history in one price list, in an accessible dialog: a table of every change
 * (newest first) and a step chart of the price over time. The history is read from
 * /prices-manage/{slug}/history/{productId} each time the dialog opens.
 */
export function PriceHistoryDialog({ listSlug, productId, productName, children }: Props) {
  const { t } = useTranslation("prices");
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4 sm:px-6 dark:border-slate-700">
            <Dialog.Title className="text-lg font-semibold">{t("history.title", { name: productName })}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label={t("history.close")} className="-mr-2 -mt-1">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-4 sm:px-6">
            <HistoryBody listSlug={listSlug} productId={productId} productName={productName} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type LoadState =
  | { status: "loading" }
  | { status: "ready"; history: PriceHistory }
  | { status: "error"; error: "fetchError" | "loadFailed" | "notFound"; reference?: string };

const loadFailed: LoadState = { status: "error", error: "loadFailed" };

/**
 * Reads a history. A JSON answer of the history route is shown for what it says (the history, or
 * the server's own 'Error fetching price history'); anything else — no answer, a redirect (the
 * session ended), a body that is not the route's JSON, a server error page — is 'Failed to load
 * price history'. Null when the reading was called off.
 */
async function readHistory(url: string, signal: AbortSignal): Promise<LoadState | null> {
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: "manual", headers: { accept: "application/json" } });
  } catch {
    return signal.aborted ? null : loadFailed;
  }
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return loadFailed;
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return signal.aborted ? null : loadFailed;
  }
  const parsed = priceHistoryAnswer.safeParse(body);
  if (!parsed.success) return loadFailed;
  if (parsed.data.ok) return res.ok ? { status: "ready", history: parsed.data } : loadFailed;
  return { status: "error", error: parsed.data.error, reference: parsed.data.reference };
}

function usePriceHistory(url: string) {
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void readHistory(url, controller.signal).then((next) => {
      if (next && !controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, [url, attempt]);
  const retry = () => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}

function HistoryBody({ listSlug, productId, productName }: Omit<Props, "children">) {
  const { t } = useTranslation("prices");
  const { state, retry } = usePriceHistory(priceHistoryPath(listSlug, productId));

  if (state.status === "loading") {
    return (
      <>
        <Dialog.Description className="sr-only">{t("history.loading")}</Dialog.Description>
        <Spinner label={t("history.loading")} />
      </>
    );
  }
  if (state.status === "error") {
    return (
      <div className="space-y-3">
        <Dialog.Description asChild>
          <div>
            <FormAlert>
              <p className="font-medium">{t(`history.errors.${state.error}`)}</p>
              {state.reference ? (
                <p className="mt-1 text-xs">{t("history.reference", { id: state.reference })}</p>
              ) : null}
            </FormAlert>
          </div>
        </Dialog.Description>
        {state.error !== "notFound" ? (
          <Button variant="outline" onClick={retry}>
            {t("history.retry")}
          </Button>
        ) : null}
      </div>
    );
  }

  const { history } = state;
  const name = history.product.name || productName;
  return (
    <div className="space-y-4">
      <Dialog.Description className="text-sm text-slate-700 dark:text-slate-300">
        {t("history.description", { list: history.list.name })}
      </Dialog.Description>
      {history.entries.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm dark:border-slate-600">
          {t("history.empty")}
        </p>
      ) : (
        <>
          {history.total > history.entries.length ? (
            <FormAlert tone="info">
              {t("history.limited", { limit: history.entries.length, total: history.total })}
            </FormAlert>
          ) : null}
          <PriceHistoryView
            entries={history.entries}
            productName={name}
            label={t("history.tableLabel", { name, list: history.list.name })}
          />
        </>
      )}
    </div>
  );
}

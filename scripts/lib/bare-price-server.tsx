import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { closeDatabase, openDatabase } from "../../app/db/client.server";
import { PriceTable, type PriceRow } from "../../app/features/catalog/components/price-table";
import { findPriceItems } from "../../app/features/price-lists/items.server";
import { findPriceListBySlug } from "../../app/features/price-lists/lists.server";
import "../../app/i18n/instance";
import { i18nFor } from "../../app/i18n/store";

/**
 * The price page benchmark's baseline (docs/decisions/024-budgets-and-rules.md): a bare node:http
 * handler for GET /pricesprivate/{slug} that runs the page's query (the list by its slug, then its
 * items) and renders the page's table component with React, streamed as the app streams its pages.
 * No framework, session, layout or hydration data. Run as its own process
 * (scripts/lib/price-bench.ts starts it) with DATABASE_URL and PORT; it prints "listening" once it
 * serves.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name the PostgreSQL database to read.");
await openDatabase({ kind: "postgres", url: databaseUrl });
const i18n = i18nFor("en");
// The app's page renders the table with its print selection, so the baseline renders the same.
const noSelection = {
  selected: new Set<string>(),
  toggle: () => {},
  labels: {
    row: (name: string) => i18n.t("selection.select", { ns: "print", name }),
    group: (category: string) => i18n.t("selection.selectCategory", { ns: "print", category }),
    column: i18n.t("selection.print", { ns: "print" }),
  },
};

function Page({ name, items }: { name: string; items: PriceRow[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{name}</title>
      </head>
      <body>
        <h1>{name}</h1>
        <I18nextProvider i18n={i18n}>
          <PriceTable items={items} selection={noSelection} />
        </I18nextProvider>
      </body>
    </html>
  );
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const slug = /^\/pricesprivate\/([^/?]+)$/.exec((req.url ?? "").split("?")[0])?.[1];
  const list = slug && req.method === "GET" ? await findPriceListBySlug(decodeURIComponent(slug)) : null;
  if (!list) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    return;
  }
  const items = await findPriceItems(list.id, "en");
  const { pipe, abort } = renderToPipeableStream(<Page name={list.name} items={items} />, {
    onShellReady() {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" });
      pipe(res);
    },
    onShellError() {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("Render failed");
    },
  });
  res.once("close", () => abort());
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log("listening"));

const stop = () => {
  server.close();
  server.closeAllConnections();
  void closeDatabase().finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { requestInfoContext } from "~/context";
import { bootstrap, shutdownDatabase } from "~/setup/bootstrap.server";
import { databaseHandle } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { startImportWorker, stopImportWorker } from "~/features/imports/run/jobs.server";
import { endAbandonedImportRuns, pruneOldImportRows } from "~/features/imports/run/retention.server";
import { deliverDueMessages } from "~/services/mail/outbox.server";
import { pruneExpiredRows } from "~/setup/retention.server";
import { stopPriceListEvents } from "~/features/price-lists/events.server";
import { startPublicPageCache } from "~/features/catalog/page-cache.server";
import { logger } from "~/lib/logger.server";
import { imagesRouter } from "./images";
import { uploadsRouter } from "./uploads";
import type { AppLocals } from "./locals";

/** The part of the server that shares modules with the app build: one database, one auth. */
export const app = express.Router();

app.use("/uploads", uploadsRouter());
app.use("/img", imagesRouter());

app.get("/readyz", async (_req, res) => {
  try {
    await databaseHandle().db.execute(sql`select 1`);
    res.status(200).json({ status: "ready" });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

app.all(
  "/{*splat}",
  createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router derives its
    // route tables again on every request (half a millisecond each). In development this module
    // is loaded afresh for each request anyway, so edits still show.
    build: serverBuild,
    mode: process.env.NODE_ENV,
    getLoadContext(req, res) {
      const locals = res.locals as AppLocals;
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        requestId: locals.requestId,
        nonce: locals.nonce,
        clientIp: locals.clientIp,
        requestedPath: req.originalUrl,
      });
      return context;
    },
  }),
);

let mailTimer: NodeJS.Timeout | undefined;
let retentionTimer: NodeJS.Timeout | undefined;

/** The periodic upkeep, one task after another; each failure is logged and the next task still runs. */
async function sweep() {
  await pruneExpiredRows().catch((error) => logger.error({ err: error }, "retention run failed"));
  await endAbandonedImportRuns().catch((error) => logger.error({ err: error }, "ending abandoned imports failed"));
  await pruneOldImportRows().catch((error) => logger.error({ err: error }, "removing old import rows failed"));
}

export async function startup() {
  await bootstrap({ seedOnFirstStart: true });
  // The site's own illustrations, rendered once per data directory (a few seconds on a first start).
  const { generateSiteImages } = await import("~/setup/seed-images.server");
  await generateSiteImages();
  await startPublicPageCache();
  mailTimer = setInterval(() => {
    deliverDueMessages().catch((error) => logger.error({ err: error }, "mail delivery loop failed"));
  }, 15_000);
  mailTimer.unref();
  // Retention (docs/decisions/024-budgets-and-rules.md): expired sessions, expired verification
  // rows and old rate-limit counters go; imports nobody drives any more are ended, and old imports'
  // per-row results removed.
  retentionTimer = setInterval(() => void sweep(), 10 * 60_000);
  retentionTimer.unref();
  // Background imports: jobs claimed from the database, resumed after a restart
  // (docs/decisions/014-import-runs.md).
  startImportWorker();
}

/** Ends every open event stream, so closing the HTTP server is not held up by them. */
export async function endStreams() {
  await stopPriceListEvents();
}

export async function shutdown() {
  clearInterval(mailTimer);
  clearInterval(retentionTimer);
  // A running import ends its current batch and goes back to the queue for the next start.
  await stopImportWorker();
  await shutdownDatabase();
}

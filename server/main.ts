import { createServer } from "node:http";
import path from "node:path";
import v8 from "node:v8";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import {
  bodyLimit,
  keepNonceOnRevalidation,
  literalBrokenPercents,
  requestLocals,
  securityHeaders,
  originCheck,
} from "./security";

type ServerBuildModule = {
  app: express.Router;
  startup: () => Promise<void>;
  endStreams: () => Promise<void>;
  shutdown: () => Promise<void>;
};

export type RunningServer = { port: number; close: () => Promise<void> };

/**
 * Under many connections at once, the objects of requests in flight outlive the young generation
 * and V8 let the old generation grow to 300-400 MB of garbage before collecting it, with its
 * default growth steps: 800-880 MB resident at 50 connections. Smaller steps collect sooner and
 * kept the peak near 520 MB at the same throughput, with no ceiling that a large import could hit
 * (docs/decisions/024-budgets-and-rules.md, Memory).
 */
const HEAP_GROWING_PERCENT = 20;

/**
 * Brotli's default window (4 MB) sized each response's compressor for files far larger than a page
 * (100-200 KB): at 50 connections the compressors alone held hundreds of megabytes. A 256 KB
 * window compresses a page as well.
 */
const BROTLI_WINDOW_BITS = 18;

/** Starts the HTTP server: production from ./build, or development with Vite's hot reload. */
export async function runServer({ dev }: { dev: boolean }): Promise<RunningServer> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const { config } = await import("../app/config.server");
  const c = config();
  const { logger } = await import("../app/lib/logger.server");

  const web = express();
  web.disable("x-powered-by");
  web.set("trust proxy", c.TRUST_PROXY);
  web.use(requestLocals(c.TRUST_PROXY, dev));
  web.use(literalBrokenPercents());
  web.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path.startsWith("/assets/") || req.path === "/healthz") return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms),
        },
        "request",
      );
    });
    next();
  });
  web.get("/healthz", (_req, res) => {
    res.status(200).json({ status: "ok" });
  });
  web.use(securityHeaders({ secure: c.isSecure, dev }));
  web.use(keepNonceOnRevalidation());
  web.use(originCheck([new URL(c.SITE_URL).origin]));
  web.use(bodyLimit());
  // Compression must not buffer server-sent events.
  web.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
      brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
    }),
  );
  // Pages and data may be personal: private unless a static handler above already answered or
  // the answer says otherwise (a kept public page, a translations file), which a header set here
  // beforehand would contradict.
  const privateByDefault: express.RequestHandler = (_req, res, next) => {
    onHeaders(res, function () {
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-cache");
    });
    next();
  };

  let build: ServerBuildModule;
  let closeVite: (() => Promise<void>) | undefined;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    closeVite = () => viteServer.close();
    web.use(viteServer.middlewares);
    web.use(privateByDefault);
    const load = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<ServerBuildModule>;
    build = await load();
    web.use(async (req, res, next) => {
      try {
        (await load()).app(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  } else {
    const buildPath = path.resolve("build/server/index.js");
    build = (await import(buildPath)) as ServerBuildModule;
    web.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    // Public files all have an extension; a page's path skips the file-system lookup.
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    web.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
    web.use(privateByDefault);
    web.use(build.app);
  }

  web.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const requestId = (res.locals as { requestId?: string }).requestId;
    // A request refused by the framework below the site (a body it cannot parse) keeps its 4xx.
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (!res.headersSent) res.status(status).type("text/plain").send(`Bad request. Reference: ${requestId}`);
      return;
    }
    logger.error({ err: error, requestId, path: req.path }, "unhandled server error");
    if (!res.headersSent) res.status(500).type("text/plain").send(`Internal error. Reference: ${requestId}`);
  });

  await build.startup();

  const server = createServer(web);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(c.PORT, c.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : c.PORT;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await build.endStreams();
      const force = setTimeout(() => server.closeAllConnections(), 5_000);
      await stopped;
      clearTimeout(force);
      await closeVite?.();
      await build.shutdown();
    })());
  return { port, close };
}

import path from "node:path";
import express from "express";
import { ensureLocalCopy, UPLOAD_CACHE_CONTROL } from "~/services/images/storage.server";
import { logger } from "~/lib/logger.server";

/** Stored images: keys are never reused, so they may be cached (3600 s as the specification says). */
export function uploadsRouter() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const dir = path.join(dataDir, "uploads");
  const router = express.Router();
  // With a bucket configured, an image another instance stored is fetched once and then served from disk.
  router.use(async (req, _res, next) => {
    let key = "";
    try {
      key = decodeURIComponent(req.path.replace(/^\//, ""));
      await ensureLocalCopy(dataDir, key);
    } catch (error) {
      logger.warn({ err: error, key }, "an uploaded image could not be fetched from the image storage");
    }
    next();
  });
  router.use(
    express.static(dir, {
      index: false,
      dotfiles: "deny",
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        // Set here rather than through maxAge: the server's default "private, no-cache" is already on
        // the response, and express.static never replaces a Cache-Control header that is set.
        res.setHeader("Cache-Control", UPLOAD_CACHE_CONTROL);
      },
    }),
  );
  // A missing image is an ordinary 404, not a server error, and never reaches the page routes.
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found.");
  });
  return router;
}

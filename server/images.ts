import path from "node:path";
import express from "express";
import { imageContentTypes, renderImage, resolveImageRequest } from "~/services/images/resize.server";
import { ensureLocalCopy } from "~/services/images/storage.server";
import { logger } from "~/lib/logger.server";

/**
 * GET /img/<key>?w=<width>&f=<avif|webp>: a stored upload resized to an allowed width, cached on
 * disk. Keys are never reused, so a response may be cached for a year.
 */
export function imagesRouter(dataDir = process.env.DATA_DIR ?? "./data") {
  const root = path.resolve(dataDir);
  const router = express.Router();
  router.get("/{*key}", async (req, res) => {
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\//, ""));
    } catch {
      key = "";
    }
    const width = typeof req.query.w === "string" ? req.query.w : undefined;
    const format = typeof req.query.f === "string" ? req.query.f : undefined;
    try {
      await ensureLocalCopy(root, key);
    } catch (error) {
      logger.warn({ err: error, key }, "an image could not be fetched from the image storage");
    }
    const request = resolveImageRequest(root, key, width, format);
    if (!request) {
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    let file: string;
    try {
      file = await renderImage(request);
    } catch (error) {
      // An upload sharp cannot read (corrupt, too many pixels) is not an image we can serve.
      logger.warn({ err: error, key }, "image could not be rendered");
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.type(imageContentTypes[request.format]);
    // The path was built from a checked key, not taken from the request; DATA_DIR may itself sit in a dot folder.
    res.sendFile(file, { cacheControl: false, dotfiles: "allow" }, (error) => {
      if (error && !res.headersSent) res.status(404).type("text/plain").send("Not found.");
    });
  });
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found.");
  });
  return router;
}

import path from "node:path";
import express from "express";

/** Stored images: keys are never reused, so they may be cached (3600 s as the specification says). */
export function uploadsRouter() {
  const dir = path.resolve(process.env.DATA_DIR ?? "./data", "uploads");
  const router = express.Router();
  router.use(
    express.static(dir, {
      index: false,
      dotfiles: "deny",
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        // Set here rather than through maxAge: the server's default "private, no-cache" is already on
        // the response, and express.static never replaces a Cache-Control header that is set.
        res.setHeader("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  // A missing image is an ordinary 404, not a server error, and never reaches the page routes.
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found.");
  });
  return router;
}

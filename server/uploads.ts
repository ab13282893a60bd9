import path from "node:path";
import express from "express";

/** Stored images: keys are never reused, so they may be cached (3600 s as the specification says). */
export function uploadsRouter() {
  const dir = path.resolve(process.env.DATA_DIR ?? "./data", "uploads");
  return express.static(dir, {
    maxAge: 3600 * 1000,
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  });
}

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const inputs = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const stampFile = "build/.source-hash";

function walk(entry: string, out: string[]) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) walk(path.join(entry, name), out);
  } else {
    out.push(entry);
  }
}

/** A hash of every file the build reads, so `npm start` rebuilds only when something changed. */
export function sourceHash() {
  const files: string[] = [];
  for (const input of inputs) walk(input, files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function isBuildCurrent(hash = sourceHash()) {
  return existsSync("build/server/index.js") && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash;
}

export { stampFile };

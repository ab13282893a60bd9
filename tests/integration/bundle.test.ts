import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotBuild } from "../support/server";

let snapshot = "";
let clientDir = "";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function serverModules(dir = path.resolve("app")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverModules(full);
    return /\.server\.tsx?$/.test(name) ? [name.replace(/\.tsx?$/, "")] : [];
  });
}

/**
 * Text that only server code carries: the database and auth libraries, the mailer, and the
 * names of secrets in the configuration.
 */
const markers = [
  /drizzle-orm/i,
  /better-auth/i,
  /pglite/i,
  /electric-sql/i,
  /nodemailer/i,
  /pg-protocol/i,
  /\bAUTH_SECRET\b/,
  /\bDATABASE_URL\b/,
  /\bSMTP_URL\b/,
  /\bAI_API_KEY\b/,
];

let files: string[] = [];

beforeAll(async () => {
  snapshot = await snapshotBuild(`e2e-bundle-${process.pid}`);
  clientDir = path.join(snapshot, "build/client");
  files = filesUnder(clientDir);
}, 300_000);

afterAll(() => {
  if (snapshot) rmSync(snapshot, { recursive: true, force: true });
});

describe("browser bundle", () => {
  it("has the client build to look at", () => {
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
  });

  it("names no chunk after a .server module", () => {
    const modules = serverModules();
    expect(modules.length).toBeGreaterThan(0);
    const leaked = files
      .map((f) => path.basename(f))
      .filter((name) => name.includes(".server") || modules.some((m) => name.startsWith(`${m}-`)));
    expect(leaked).toEqual([]);
  });

  it("lists no .server module in the client manifest", () => {
    const manifests = files.filter((f) => /manifest-[\w-]+\.js$/.test(path.basename(f)));
    expect(manifests).toHaveLength(1);
    expect(readFileSync(manifests[0], "utf8")).not.toMatch(/\.server\b/);
  });

  it("contains no code of server-only libraries or secrets", () => {
    const found: string[] = [];
    for (const file of files) {
      if (!/\.(js|mjs|css|html|json|map)$/.test(file)) continue;
      const text = readFileSync(file, "utf8");
      for (const marker of markers) if (marker.test(text)) found.push(`${path.relative(clientDir, file)}: ${marker}`);
    }
    expect(found).toEqual([]);
  });

  it("builds the import's Web Worker as a file of its own that only the import screen's code names", () => {
    const workers = files.filter((f) => /^import\.worker-[\w-]+\.js$/.test(path.basename(f)));
    expect(workers).toHaveLength(1);
    const worker = readFileSync(workers[0], "utf8");
    // The engine runs in it: the produce dictionary and the CSV parser.
    expect(worker).toContain("GUANABANA");
    expect(worker).toContain("MissingQuotes");
    const workerName = path.basename(workers[0]);
    const naming = files
      .filter((f) => f.endsWith(".js") && readFileSync(f, "utf8").includes(workerName))
      .map((f) => path.basename(f));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toMatch(/^import-quickbooks-[\w-]+\.js$/);
    // The screen's own chunk leaves the dictionary to the worker.
    expect(
      readFileSync(
        files.find((f) => path.basename(f) === naming[0])!,
        "utf8",
      ),
    ).not.toContain("GUANABANA");
  });
});

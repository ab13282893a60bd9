import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const work = mkdtempSync(path.join(tmpdir(), "schema-drift-"));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("schema and migrations", () => {
  it("agree: drizzle-kit generate has nothing to add to a copy of drizzle/", () => {
    const out = path.join(work, "drizzle");
    cpSync(path.resolve("drizzle"), out, { recursive: true });
    const before = readdirSync(out).sort();
    const journalBefore = readFileSync(path.join(out, "meta/_journal.json"), "utf8");
    // The project's own configuration, writing into the copy.
    const config = path.join(work, "drizzle.config.ts");
    writeFileSync(
      config,
      `import base from ${JSON.stringify(path.resolve("drizzle.config.ts"))};\n` +
        `export default { ...base, out: ${JSON.stringify(out)} };\n`,
    );
    const result = spawnSync(process.execPath, ["node_modules/drizzle-kit/bin.cjs", "generate", "--config", config], {
      encoding: "utf8",
      // A rename prompt would wait for an answer; without a terminal it fails or times out instead.
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    const added = readdirSync(out)
      .sort()
      .filter((f) => !before.includes(f));
    expect(added, `the schema needs a new migration (run npm run db:generate):\n${output}`).toEqual([]);
    expect(readFileSync(path.join(out, "meta/_journal.json"), "utf8")).toBe(journalBefore);
  });
});

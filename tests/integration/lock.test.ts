import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../../app/db/lock.server";
import { runScript, startServerProcess, type ServerProcess } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

// The lock (docs/decisions/008-data-dir-lock.md) is about the embedded database; on PostgreSQL no
// lock is taken, so this file runs once, on PGlite.
describe.skipIf(test.kind === "postgres")("data directory lock", () => {
  const dataDir = path.resolve(".tmp", `ops-lock-${process.pid}`);
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop("SIGKILL").catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second holder in another process and names the holder", () => {
    const dir = path.join(dataDir, "unit");
    const release = acquireDataDirLock(dir, "the test");
    try {
      const other = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--eval",
          `import("./app/db/lock.server.ts").then(({ acquireDataDirLock }) => acquireDataDirLock(${JSON.stringify(dir)}, "x"))`,
        ],
        { encoding: "utf8" },
      );
      expect(other.status).not.toBe(0);
      expect(other.stderr).toContain(`in use by the test (process ${process.pid})`);
    } finally {
      release();
    }
    expect(existsSync(path.join(dir, "app.lock"))).toBe(false);
  });

  it("takes over a stale lock whose process is gone", () => {
    const dir = path.join(dataDir, "stale");
    mkdirSync(dir, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const deadPid = Number(gone.stdout);
    writeFileSync(path.join(dir, "app.lock"), JSON.stringify({ pid: deadPid, holder: "a crashed server" }));
    const release = acquireDataDirLock(dir, "the test");
    expect(JSON.parse(readFileSync(path.join(dir, "app.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock file left unreadable by a crash", () => {
    const dir = path.join(dataDir, "torn");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "app.lock"), "");
    const release = acquireDataDirLock(dir, "the test");
    expect(JSON.parse(readFileSync(path.join(dir, "app.lock"), "utf8")).holder).toBe("the test");
    release();
  });

  it("stops every tool and a second server while the server holds ./data", { timeout: 300_000 }, async () => {
    server = await startServerProcess({ dataDir });
    const expected = `in use by the web server (npm start) (process ${server.pid})`;

    const tools: Array<[string, string[]]> = [
      ["scripts/seed.ts", ["--demo"]],
      ["scripts/create-admin.ts", ["--email", "second@example.com", "--password", "a long unguessable phrase 42"]],
      ["scripts/backup.ts", []],
      ["scripts/restore.ts", [path.join(dataDir, "backups", "none.tar.gz")]],
      ["scripts/start.ts", []],
    ];
    const results = await Promise.all(tools.map(([script, args]) => runScript(script, args, { DATA_DIR: dataDir })));
    for (const [i, result] of results.entries()) {
      expect(result.code, `${tools[i][0]}: ${result.output}`).toBe(1);
      expect(result.stderr).toContain(expected);
      expect(result.stderr).toContain("set DATABASE_URL to use PostgreSQL");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    // The refused tools left the server's lock and database alone.
    expect(JSON.parse(readFileSync(path.join(dataDir, "app.lock"), "utf8")).pid).toBe(server.pid);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const stopped = await server.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    server = undefined;
    const after = await runScript("scripts/seed.ts", [], { DATA_DIR: dataDir });
    expect(after.code, after.output).toBe(0);
    expect(after.stdout).toContain("already seeded");
  });
});

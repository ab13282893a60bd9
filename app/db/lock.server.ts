import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    public readonly holderPid: number,
    public readonly holder: string,
    dataDir: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by ${holder} (process ${holderPid}).\n` +
        `Only one process may open the embedded database. Stop that process first ` +
        `(Ctrl+C in its terminal, or kill ${holderPid}), or set DATABASE_URL to use PostgreSQL.`,
    );
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One process at a time (docs/decisions/008-data-dir-lock.md) holds ./data; a stale lock (its
 * process gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, holder }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let info: { pid: number; holder: string } | null = null;
      try {
        info = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        info = null;
      }
      if (info && info.pid !== process.pid && isAlive(info.pid)) {
        throw new DataDirLockedError(info.pid, info.holder, dataDir);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}

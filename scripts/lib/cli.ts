import path from "node:path";
import { acquireDataDirLock, DataDirLockedError } from "../../app/db/lock.server";
import { ConfigError, config } from "../../app/config.server";

/** Fails with a plain message (no stack) for the errors a person can fix. */
export function exitWithMessage(error: unknown): never {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}

/** D28: the embedded database belongs to one process; PostgreSQL needs no lock. */
export function lockEmbeddedDatabase(holder: string) {
  const c = config();
  if (c.DATABASE_URL) return () => {};
  return acquireDataDirLock(path.resolve(c.DATA_DIR), holder);
}

export function argValue(name: string) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

export function hasFlag(name: string) {
  return process.argv.slice(2).includes(`--${name}`);
}

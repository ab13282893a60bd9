import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fileTimestamp, writeEmbeddedDump } from "../../app/setup/bootstrap.server";
import { databaseHandle } from "../../app/db/client.server";
import { CliError } from "./cli";

export type Engine = "pglite" | "postgres";

export function backupsDir(dataDir: string) {
  return path.resolve(dataDir, "backups");
}

export function defaultBackupFile(dataDir: string, engine: Engine, prefix = "backup") {
  return path.join(backupsDir(dataDir), `${prefix}-${fileTimestamp()}.${engine === "pglite" ? "tar.gz" : "dump"}`);
}

/** What kind of backup a file holds, judged by its first bytes rather than its name. */
export function backupKind(file: string): Engine | "unknown" {
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  return "unknown";
}

// ---- PostgreSQL client programs --------------------------------------------------------------

/** pg_dump, pg_restore and psql: PG_BIN, then PATH, then Debian's newest /usr/lib/postgresql/<n>/bin. */
export function findPgProgram(name: "pg_dump" | "pg_restore" | "psql") {
  const dirs: string[] = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  dirs.push(...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean));
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new CliError(
    `${name} was not found. Install the PostgreSQL client programs (Debian: apt-get install -y postgresql-client), ` +
      `or set PG_BIN to the folder that holds them.`,
  );
}

/** The URL without its password, which goes in PGPASSWORD so it never shows in a process list. */
function connectionFor(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

type Run = { code: number | null; stderr: string };

function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: (child: ReturnType<typeof spawn>) => void,
) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: [stdin ? "pipe" : "ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
    stdin?.(child);
  });
}

function failed(what: string, result: Run): never {
  throw new CliError(`${what} failed:\n${result.stderr.trim() || `exit code ${result.code}`}`);
}

async function dumpPostgres(databaseUrl: string, file: string) {
  const { url, env } = connectionFor(databaseUrl);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const result = await run(
    findPgProgram("pg_dump"),
    ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${url}`],
    env,
  );
  if (result.code !== 0) {
    rmSync(partial, { force: true });
    failed("pg_dump", result);
  }
  renameSync(partial, file);
}

// Drops what the application owns, so a backup taken before a later migration restores cleanly
// (pg_restore --clean would leave the newer tables behind and the next migration would trip on them).
const clearApplicationSchema = `
set client_min_messages = warning;
drop schema if exists drizzle cascade;
do $$
declare r record;
begin
  for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
             and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') loop
    execute format('drop table if exists public.%I cascade', r.relname);
    execute format('drop view if exists public.%I cascade', r.relname);
  end loop;
  for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'S' loop
    execute format('drop sequence if exists public.%I cascade', r.relname);
  end loop;
  for r in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname = 'public' and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
             and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e') loop
    execute format('drop type if exists public.%I cascade', r.typname);
  end loop;
  for r in select p.oid::regprocedure as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and p.prokind = 'f'
             and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
    execute format('drop function if exists %s cascade', r.signature);
  end loop;
end $$;
`;

/** Replaces the database's contents with the dump in one transaction: all of it or nothing. */
async function restorePostgres(databaseUrl: string, file: string) {
  const { url, env } = connectionFor(databaseUrl);
  const pgRestore = spawn(findPgProgram("pg_restore"), ["--no-owner", "--no-privileges", "--file=-", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let restoreErr = "";
  pgRestore.stderr.on("data", (chunk: Buffer) => (restoreErr += chunk.toString()));
  const restoreDone = new Promise<number | null>((resolve, reject) => {
    pgRestore.once("error", reject);
    pgRestore.once("close", resolve);
  });
  const psql = await run(
    findPgProgram("psql"),
    ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${url}`, "--file=-"],
    env,
    (child) => {
      child.stdin!.write(clearApplicationSchema);
      pgRestore.stdout.pipe(child.stdin!);
    },
  );
  const restoreCode = await restoreDone;
  if (restoreCode !== 0) failed("pg_restore", { code: restoreCode, stderr: restoreErr });
  if (psql.code !== 0) failed("Restoring into PostgreSQL (nothing was changed)", psql);
}

// ---- PGlite --------------------------------------------------------------------------------

async function readBackupBlob(file: string) {
  return new Blob([readFileSync(file)], { type: "application/x-gzip" });
}

/** Opens the dump in memory first: a damaged file or one of another program is refused before anything changes. */
async function checkEmbeddedBackup(file: string) {
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create({ loadDataDir: await readBackupBlob(file) });
    const result = await pglite.query<{ name: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations') as name`,
    );
    if (!result.rows[0]?.name) throw new CliError(`${file} is a PGlite database, but not one of this site.`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${file} could not be read as a backup of the embedded database (${(error as Error).message}).`);
  } finally {
    await pglite?.close().catch(() => {});
  }
}

// ---- Public operations ---------------------------------------------------------------------

/** Backs up the open database to `file`; returns the file written. */
export async function backupDatabase(options: { file: string; databaseUrl?: string }) {
  const file = path.resolve(options.file);
  if (options.databaseUrl) {
    await dumpPostgres(options.databaseUrl, file);
  } else {
    const pglite = databaseHandle().pglite;
    if (!pglite) throw new Error("The embedded database is not open.");
    await writeEmbeddedDump(pglite, file);
  }
  return { file, bytes: statSync(file).size };
}

/**
 * Replaces the database with a backup. The current contents are saved first as
 * backups/pre-restore-<time>, so a restore can itself be undone. On the embedded engine the
 * database must be closed; the caller opens (and migrates) it afterwards.
 */
export async function restoreDatabase(options: { file: string; dataDir: string; databaseUrl?: string }) {
  const file = path.resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new CliError(`No backup file at ${file}.`);
  const kind = backupKind(file);
  const engine: Engine = options.databaseUrl ? "postgres" : "pglite";
  if (kind === "unknown") {
    throw new CliError(
      `${file} is not a backup made by npm run backup (neither a PGlite dump nor a pg_dump custom-format file).`,
    );
  }
  if (kind !== engine) {
    throw new CliError(
      kind === "postgres"
        ? `${file} is a PostgreSQL backup; set DATABASE_URL to the database to restore it into.`
        : `${file} is a backup of the embedded database; unset DATABASE_URL to restore it into DATA_DIR.`,
    );
  }
  const safety = defaultBackupFile(options.dataDir, engine, "pre-restore");
  if (options.databaseUrl) {
    await dumpPostgres(options.databaseUrl, safety);
    await restorePostgres(options.databaseUrl, file);
    return { file, previous: safety };
  }
  await checkEmbeddedBackup(file);
  const pgDir = path.resolve(options.dataDir, "pg");
  const hasCurrent = existsSync(pgDir) && readdirSync(pgDir).length > 0;
  let previous: string | undefined;
  if (hasCurrent) {
    const current = await PGlite.create(pgDir);
    try {
      previous = await writeEmbeddedDump(current, safety);
    } finally {
      await current.close();
    }
  }
  // Loaded beside the live directory and swapped in with renames, so a failure leaves the old one.
  const incoming = `${pgDir}.restoring`;
  const outgoing = `${pgDir}.replaced`;
  rmSync(incoming, { recursive: true, force: true });
  rmSync(outgoing, { recursive: true, force: true });
  mkdirSync(incoming, { recursive: true });
  const restored = await PGlite.create(incoming, { loadDataDir: await readBackupBlob(file) });
  await restored.close();
  if (hasCurrent) renameSync(pgDir, outgoing);
  else rmSync(pgDir, { recursive: true, force: true });
  renameSync(incoming, pgDir);
  rmSync(outgoing, { recursive: true, force: true });
  return { file, previous };
}

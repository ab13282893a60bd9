import path from "node:path";
import { acquireDataDirLock, DataDirLockedError } from "../../app/db/lock.server";
import { ConfigError, config } from "../../app/config.server";

/** An error whose message tells a person what to do; printed as it is, without a stack. */
export class CliError extends Error {}

type SystemError = Error & { code?: string; address?: string; port?: number; hostname?: string };

/** Turns the failures people meet (no server, wrong password, missing database) into a sentence. */
export function describeError(error: unknown): string {
  return knownErrorMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

function knownErrorMessage(error: unknown): string | undefined {
  if (isExpected(error)) return (error as Error).message;
  const e = (error instanceof Error ? error : new Error(String(error))) as SystemError;
  const cause = e.cause instanceof Error ? (e.cause as SystemError) : undefined;
  const code = e.code ?? cause?.code;
  const where = e.address ? `${e.address}:${e.port}` : e.hostname;
  switch (code) {
    case "ECONNREFUSED":
      return `Could not connect to PostgreSQL${where ? ` at ${where}` : ""}: connection refused. Is the server running, and is DATABASE_URL right?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `Could not find the PostgreSQL host${where ? ` ${where}` : ""}. Check the host name in DATABASE_URL.`;
    case "28P01":
    case "28000":
      return `PostgreSQL refused the login: ${e.message}. Check the user and password in DATABASE_URL.`;
    case "3D000":
      return `${e.message}. Create the database first (createdb), or fix its name in DATABASE_URL.`;
    case "EACCES":
    case "EPERM":
      return `Permission denied: ${e.message}. Check that this user may write DATA_DIR.`;
    case "ENOSPC":
      return `The disk is full: ${e.message}.`;
  }
  return undefined;
}

function isExpected(error: unknown) {
  return error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof CliError;
}

/** Prints what went wrong in a sentence; the stack only when asked for with LOG_LEVEL=debug. */
export function reportError(error: unknown) {
  console.error(describeError(error));
  if (knownErrorMessage(error) !== undefined) return;
  if (process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace") {
    console.error(error instanceof Error ? error.stack : error);
  } else {
    console.error("(Run again with LOG_LEVEL=debug to see the details.)");
  }
}

/** Fails with a plain message (no stack) for the errors a person can fix. */
export function exitWithMessage(error: unknown): never {
  reportError(error);
  process.exit(1);
}

/** The embedded database belongs to one process (docs/decisions/008-data-dir-lock.md); PostgreSQL needs no lock. */
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

/** The arguments that are not options (and not the value of one). */
export function positionalArgs(optionsWithValue: string[] = []) {
  const args = process.argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith("--")) {
      if (!a.includes("=") && optionsWithValue.includes(a.slice(2))) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * Runs a command-line tool on the configured database: takes the data-directory lock, opens
 * and migrates the database (no seeding), runs the work, then closes everything (an open
 * PGlite would keep the process alive) and exits with the code `work` returns (0 when none), or 1
 * with a message a person can act on.
 */
export async function runTool(
  holder: string,
  work: () => Promise<void | number>,
  options: { bootstrap?: boolean; auth?: boolean } = {},
): Promise<never> {
  process.env.NODE_ENV ??= "production";
  // Tools speak through their own output; the server's info logs would only add noise.
  process.env.LOG_LEVEL ??= "warn";
  let release = () => {};
  let code = 0;
  try {
    config();
    release = lockEmbeddedDatabase(holder);
    if (options.bootstrap !== false) {
      const { bootstrap } = await import("../../app/setup/bootstrap.server");
      await bootstrap({ auth: options.auth });
    }
    code = (await work()) ?? 0;
  } catch (error) {
    reportError(error);
    code = 1;
  } finally {
    try {
      const { shutdownDatabase } = await import("../../app/setup/bootstrap.server");
      await shutdownDatabase();
    } catch {
      // Closing after a failure may fail too; the exit below ends the process either way.
    }
    release();
  }
  process.exit(code);
}

/** Reads a line from the terminal without echoing it (for passwords). */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    let value = "";
    const done = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stdout.write("\n");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n" || char === "\u0004") return done(value);
        if (char === "\u0003") return done(new CliError("Cancelled; nothing was changed."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits 0 (1 if stopping failed). Listeners others
 * registered are removed first: Vite adds one that exits the process as soon as its own server
 * is closed, which would leave the database open and the data-directory lock behind.
 */
export function onShutdownSignal(stop: (signal: NodeJS.Signals) => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          reportError(error);
          process.exit(1);
        },
      );
    });
  }
}

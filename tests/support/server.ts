import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isBuildCurrent, sourceHash, stampFile } from "../../scripts/lib/build-stamp";

const cacheDir = path.resolve("node_modules/.cache/app-tests");

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
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
 * Several test files (and test runs) may want the production build at once; a lock file lets one
 * build while the others wait, and the source hash that `npm start` uses tells whether to build.
 */
async function withBuildLock<T>(fn: () => T): Promise<T> {
  mkdirSync(cacheDir, { recursive: true });
  const lock = path.join(cacheDir, "build.lock");
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      const holder = Number(readFileSync(lock, "utf8") || "0");
      if (holder && !isAlive(holder)) rmSync(lock, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`Timed out waiting for the build lock held by process ${holder}.`);
      else await sleep(250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Builds the site for production unless build/ already matches the sources; says whether it built. */
export async function ensureBuild() {
  return withBuildLock(() => {
    const hash = sourceHash();
    if (isBuildCurrent(hash)) return false;
    const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error(`The production build failed:\n${result.stdout}\n${result.stderr}`);
    writeFileSync(stampFile, hash);
    return true;
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every module the server build imports and every asset it names exist in this copy. */
function isCompleteBuild(dir: string) {
  const serverIndex = path.join(dir, "build/server/index.js");
  if (!existsSync(serverIndex)) return false;
  for (const file of filesUnder(path.join(dir, "build/server")).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(file, "utf8");
    for (const [, rel] of text.matchAll(/["'](\.\.?\/[^"'\s]+\.js)["']/g)) {
      if (!existsSync(path.resolve(path.dirname(file), rel))) return false;
    }
    for (const [, asset] of text.matchAll(/["'](\/assets\/[^"'\s]+\.(?:js|css))["']/g)) {
      if (!existsSync(path.join(dir, "build/client", asset))) return false;
    }
  }
  return true;
}

/**
 * A private copy of the current production build (and the migrations it applies) under .tmp/.
 * build/ is shared with whoever else works in this tree: a rebuild there while a test server runs
 * would pull its modules away, so test servers run from a snapshot instead.
 */
export async function snapshotBuild(name: string) {
  const dir = path.resolve(".tmp", name);
  for (let attempt = 0; attempt < 5; attempt++) {
    await ensureBuild();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await withBuildLock(() => {
      cpSync(path.resolve("build"), path.join(dir, "build"), { recursive: true });
      cpSync(path.resolve("drizzle"), path.join(dir, "drizzle"), { recursive: true });
    });
    if (isCompleteBuild(dir)) return dir;
    await sleep(1000);
  }
  throw new Error("Could not take a consistent copy of build/ (it kept changing while being copied).");
}

export type AppServer = {
  url: string;
  port: number;
  /** Server log lines at level error or above (pino's JSON lines), leaving out refused requests (4xx). */
  errors: () => string[];
  output: () => string;
  /** Stops the server and removes its directory; `keepDataIn` moves its data directory there first. */
  stop: (options?: { keepDataIn?: string }) => Promise<void>;
};

export type AppServerOptions = {
  /** Run on PostgreSQL instead of a fresh embedded database. */
  databaseUrl?: string;
  /**
   * Honour X-Forwarded-For so each test can present its own client address: rate limits count
   * per address, and a suite that signs in many times from 127.0.0.1 would trip them.
   */
  trustProxy?: boolean;
  env?: Record<string, string>;
};

/**
 * Starts the real server (server/main.ts's runServer on a snapshot of the production build) on a
 * free loopback port with a fresh data directory under .tmp/, and resolves once /readyz answers.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = await snapshotBuild(`e2e-${process.pid}-${port}`);
  const dataDir = path.join(root, "data");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    TRUST_PROXY: options.trustProxy ? "true" : "false",
    // The server runs in the snapshot's directory; its TypeScript sources still use this tsconfig's paths.
    TSX_TSCONFIG_PATH: path.resolve("tsconfig.json"),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.AI_BASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/server-main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async ({ keepDataIn }: { keepDataIn?: string } = {}) => {
    if (!hasExited) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    }
    if (keepDataIn && existsSync(dataDir)) {
      rmSync(keepDataIn, { recursive: true, force: true });
      mkdirSync(path.dirname(keepDataIn), { recursive: true });
      renameSync(dataDir, keepDataIn);
    }
    rmSync(root, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (hasExited) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become ready within 180 s:\n${output}`);
    }
    await sleep(200);
  }

  return {
    url,
    port,
    output: () => output,
    errors: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .filter((line) => {
          try {
            const entry = JSON.parse(line) as { level?: number; err?: { status?: number } };
            return (entry.level ?? 0) >= 50 && !(entry.err?.status && entry.err.status < 500);
          } catch {
            return false;
          }
        }),
    stop,
  };
}

export const demoPassword = "produce-demo-2026";
export const demoEmails = {
  admin: "admin@demo.test",
  seller: "seller@demo.test",
  customer: "customer@demo.test",
} as const;

export type SignedInRole = keyof typeof demoEmails;

let addressCounter = 0;
/** A distinct client address per call, for servers started with trustProxy. */
export function nextClientAddress() {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** The name=value pairs of a response's Set-Cookie headers that set (not clear) a cookie. */
export function cookiesFrom(res: Response) {
  return res.headers
    .getSetCookie()
    .filter((c) => !/;\s*max-age=0/i.test(c) && !/^[^=]+=;/.test(c))
    .map((c) => c.split(";")[0]);
}

/** A Cookie header as the cookies a browser context takes (Playwright's `addCookies`) for `url`. */
export function browserCookies(header: string, url: string) {
  return header.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** Signs in through the real sign-in form (POST /login) and returns the Cookie header to send. */
export async function signIn(baseUrl: string, identifier: string, password = demoPassword) {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextClientAddress() },
    body: new URLSearchParams({ identifier, password, redirectTo: "/dashboard" }),
  });
  const cookies = cookiesFrom(res);
  if (res.status !== 302 || !cookies.some((c) => c.includes("session_token="))) {
    throw new Error(`Signing in as ${identifier} failed: POST /login answered ${res.status} without a session cookie.`);
  }
  return cookies.join("; ");
}

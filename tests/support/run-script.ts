import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureBuild, freePort } from "./server";

export type ScriptResult = { code: number | null; stdout: string; stderr: string; output: string };

/** The environment a person would have: production mode, no inherited database or mail settings. */
function scriptEnv(env: Record<string, string | undefined>) {
  const out: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" };
  delete out.DATABASE_URL;
  delete out.SMTP_URL;
  delete out.AI_BASE_URL;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** Runs one of scripts/*.ts as `npm run …` would (without a terminal) and collects what it printed. */
export function runScript(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: scriptEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => ((stdout += chunk), (output += chunk)));
    child.stderr.on("data", (chunk: Buffer) => ((stderr += chunk), (output += chunk)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")} did not finish within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}

export type ServerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal and waits for the exit; kills the process if it has not ended in time. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<{ code: number | null; ms: number }>;
};

/**
 * Starts the real `npm start` (scripts/start.ts on the production build), or `npm run dev`, as a child process on a
 * free loopback port with the given data directory, and resolves once it serves /readyz.
 */
export async function startServerProcess(
  options: {
    dataDir: string;
    databaseUrl?: string;
    env?: Record<string, string>;
    /** `npm run dev` (Vite, no build) instead of `npm start`. */
    dev?: boolean;
  } = { dataDir: ".tmp/ops" },
): Promise<ServerProcess> {
  if (!options.dev) await ensureBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", options.dev ? "scripts/dev.ts" : "scripts/start.ts"], {
    env: scriptEnv({
      NODE_ENV: options.dev ? "development" : "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      hasExited = true;
      resolve(code);
    }),
  );

  const stop = async (signal: NodeJS.Signals = "SIGTERM", timeoutMs = 15_000) => {
    const started = Date.now();
    if (!hasExited) child.kill(signal);
    const code = await Promise.race([exited, sleep(timeoutMs).then(() => "timeout" as const)]);
    if (code === "timeout") {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`The server did not exit within ${timeoutMs / 1000} s of ${signal}:\n${output}`);
    }
    return { code, ms: Date.now() - started };
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop("SIGKILL").catch(() => {});
      throw new Error(`The server did not become ready within 120 s:\n${output}`);
    }
    await sleep(100);
  }
  return { url, pid: child.pid!, child, output: () => output, exited, stop };
}

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export function postgresAvailable() {
  return existsSync(path.join(BIN, "postgres")) && existsSync(path.join(BIN, "initdb"));
}

const installCommand = "apt-get update && apt-get install -y postgresql-15";

/**
 * The server binaries a throwaway PostgreSQL needs: installs Debian's package when we are root on
 * Debian and PG_BIN is not set; otherwise says how.
 */
export function ensurePostgres() {
  if (postgresAvailable()) return;
  if (process.getuid?.() === 0 && existsSync("/etc/debian_version") && !process.env.PG_BIN) {
    console.log(`PostgreSQL server binaries are missing; installing them: ${installCommand}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "postgresql-15"], { stdio: "inherit", env });
    if (postgresAvailable()) return;
  }
  throw new Error(`PostgreSQL 15 server binaries were not found in ${BIN}. Install them (as root): ${installCommand}`);
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function asPostgresUser(args: string[]) {
  // initdb refuses to run as root, so the harness runs the server as the postgres user.
  if (process.getuid?.() === 0) return { cmd: "runuser", args: ["-u", "postgres", "--", ...args] };
  return { cmd: args[0], args: args.slice(1) };
}

export type PostgresServer = {
  url: (db?: string) => string;
  /** Stops the server as an outage would (every connection cut), keeping its data for `resume`. */
  pause: () => void;
  resume: () => void;
  stop: () => Promise<void>;
};

/** A throwaway PostgreSQL server on a free loopback port, for tests and benchmarks. */
export async function startPostgres(): Promise<PostgresServer> {
  if (!postgresAvailable()) {
    throw new Error(`PostgreSQL server binaries not found in ${BIN}. Install them: apt-get install -y postgresql-15`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "pgtest-"));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const init = asPostgresUser([
    path.join(BIN, "initdb"),
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  execFileSync(init.cmd, init.args, { stdio: "pipe" });
  const port = await freePort();
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const ctl = (args: string[]) => {
    const c = asPostgresUser([path.join(BIN, "pg_ctl"), "-D", dataDir, ...args]);
    execFileSync(c.cmd, c.args, { stdio: "pipe" });
  };
  // pg_ctl daemonises the server and waits until it accepts connections.
  const start = () => ctl(["-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  start();
  const url = (db = "postgres") => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  await client.end();
  return {
    url,
    pause: () => ctl(["-m", "fast", "-w", "stop"]),
    resume: start,
    stop: async () => {
      try {
        ctl(["-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

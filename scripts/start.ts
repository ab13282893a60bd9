import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { isBuildCurrent, sourceHash, stampFile } from "./lib/build-stamp";
import { exitWithMessage, lockEmbeddedDatabase } from "./lib/cli";

process.env.NODE_ENV ??= "production";

async function main() {
  const { config } = await import("../app/config.server");
  const c = config();
  const release = lockEmbeddedDatabase("the web server (npm start)");
  try {
    const hash = sourceHash();
    if (!isBuildCurrent(hash)) {
      console.log("Building the site (only when the sources changed)...");
      execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
      mkdirSync("build", { recursive: true });
      writeFileSync(stampFile, hash);
    }
    const { runServer } = await import("../server/main");
    const server = await runServer({ dev: false });
    const url = c.SITE_URL.replace(/:\d+$/, "") + (c.SITE_URL.match(/:\d+$/) ? `:${server.port}` : "");
    console.log(`\nThe site is running on ${url}`);
    if (!c.DATABASE_URL) {
      const { demoAccounts, demoPassword } = await import("../app/setup/seed-data");
      console.log(`Embedded database in ${c.DATA_DIR}. Demo accounts (password ${demoPassword}):`);
      for (const a of demoAccounts) console.log(`  ${a.role.padEnd(8)} ${a.email}`);
    }
    const stop = async (signal: string) => {
      console.log(`\n${signal} received: closing connections and the database...`);
      await server.close();
      release();
      process.exit(0);
    };
    process.once("SIGINT", () => void stop("SIGINT"));
    process.once("SIGTERM", () => void stop("SIGTERM"));
  } catch (error) {
    release();
    throw error;
  }
}

main().catch(exitWithMessage);

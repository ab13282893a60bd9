import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureChromium } from "../tests/support/browser";

/** `npm run test:e2e [-- filter]`: the browser tests alone (they build and start the server themselves). */
try {
  ensureChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const vitest = path.resolve("node_modules/.bin/vitest");
const result = spawnSync(vitest, ["run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium: Playwright's own download (`npx playwright install`) is not reachable here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const installCommand = "apt-get update && apt-get install -y chromium";

/** Finds Chromium, installing Debian's package when we are root on Debian; otherwise says how. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/etc/debian_version") && chromiumPath === "/usr/bin/chromium") {
    console.log(`Chromium is missing; installing it: ${installCommand}`);
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(chromiumPath)) return chromiumPath;
  }
  throw new Error(`Chromium was not found at ${chromiumPath}. Install it (as root): ${installCommand}`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
}

import { defineConfig } from "vitest/config";

/** Browser tests: one production server for the run (global setup), Chromium driven by playwright-core. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    environment: "node",
    globalSetup: ["tests/support/e2e-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Chromium, the server and the test workers share the machine; two files at a time keep it responsive.
    maxWorkers: 2,
  },
});

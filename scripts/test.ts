import { spawnSync } from "node:child_process";

/** `npm test`: every check in order; the first failure stops the run with its exit code. */
const steps: Array<{ name: string; cmd: string; args: string[]; env?: Record<string, string> }> = [
  { name: "type check", cmd: "npx", args: ["react-router", "typegen"] },
  { name: "type check", cmd: "npx", args: ["tsc", "--noEmit"] },
  { name: "unit and integration tests on PGlite", cmd: "npx", args: ["vitest", "run"], env: { TEST_DB: "pglite" } },
  { name: "integration tests on PostgreSQL", cmd: "npx", args: ["vitest", "run", "tests/integration"], env: { TEST_DB: "postgres" } },
];

for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(" ")}`);
  const result = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  if (result.status !== 0) {
    console.error(`\n${step.name} failed.`);
    process.exit(result.status ?? 1);
  }
}

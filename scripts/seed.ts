import { hasFlag, runTool } from "./lib/cli";

const usage = `Usage: npm run seed [-- --demo]

Seeds the demo catalogue (products in every category, price lists) into the configured database:
the embedded one in DATA_DIR (./data), or PostgreSQL when DATABASE_URL is set. Running it again
changes nothing. --demo also creates the demo accounts (admin@demo.test, seller@demo.test,
customer@demo.test).`;

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

await runTool("npm run seed", async () => {
  const { config } = await import("../app/config.server");
  const { seedDatabase } = await import("./lib/seed");
  const { demoAccounts, demoPassword } = await import("../app/setup/seed-data");
  const c = config();
  const result = await seedDatabase({ demo: hasFlag("demo") });
  const target = c.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${c.DATA_DIR}`;
  console.log(
    result.catalogSeeded
      ? `Seeded the catalogue and price lists into ${target}.`
      : `The catalogue was already seeded in ${target}; it was left as it is.`,
  );
  if (result.imagesWritten > 0) console.log(`Wrote ${result.imagesWritten} demo images to ${c.DATA_DIR}/uploads/demo.`);
  if (hasFlag("demo")) {
    if (result.accountsCreated.length > 0) {
      console.log(`Created demo accounts (password ${demoPassword}): ${result.accountsCreated.join(", ")}`);
    }
    const existing = demoAccounts.map((a) => a.email).filter((e) => !result.accountsCreated.includes(e));
    if (existing.length > 0) console.log(`Already present, left unchanged: ${existing.join(", ")}`);
  }
});

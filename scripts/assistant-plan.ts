import { argValue, CliError, hasFlag, positionalArgs, runTool } from "./lib/cli";

const usage = `Usage: npm run assistant:plan -- "TEXT" [--as admin|seller|customer] [--json]

Prints what the price assistant would do with one message, on the configured database: the
embedded one in DATA_DIR (./data; the server must be stopped), or PostgreSQL when DATABASE_URL is
set. Its built-in engine plans the message, or, with AI_BASE_URL set, the model chooses the tool
and the engine checks and resolves its choice, as on the site. It acts as the demo account of the role (admin@demo.test, seller@demo.test,
customer@demo.test) when there is one, else as the oldest user with that role. Nothing is changed:
a price change is only shown as the proposal the assistant would make.

  TEXT        the message, as a person would type it at /ai (quote it)
  --as ROLE   admin, seller or customer (default seller)
  --json      print one JSON document {"tool", "args", "reply", ...} instead of text

Exit status: 0 when the message was planned (also when the assistant asks back or refuses);
1 when the arguments are wrong or the database cannot be read.`;

const ROLES = ["admin", "seller", "customer"] as const;
type CliRole = (typeof ROLES)[number];

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const known = new Set(["as", "json", "help"]);
const unknownOption = process.argv.slice(2).find((a) => a.startsWith("--") && !known.has(a.slice(2).split("=")[0]));
if (unknownOption) fail(`Unknown option ${unknownOption}.`);
const texts = positionalArgs(["as"]);
if (texts.length !== 1) fail(texts.length === 0 ? "TEXT is required." : "Give one TEXT, in quotes.");
const role = argValue("as") ?? "seller";
if (!(ROLES as readonly string[]).includes(role)) fail("--as must be admin, seller or customer.");
const json = hasFlag("json");
// One JSON document on stdout: the app's log lines go there too, so they are kept quiet.
if (json && !["debug", "trace"].includes(process.env.LOG_LEVEL ?? "")) process.env.LOG_LEVEL = "silent";

type Plan = import("../app/features/assistant/engine/types").Plan;
type Person = { id: string; email: string; role: CliRole };

/** The demo account of the role, else the oldest user with it. */
async function findActingUser(wanted: CliRole): Promise<Person | null> {
  const { asc, eq } = await import("drizzle-orm");
  const { db } = await import("../app/db/client.server");
  const { user } = await import("../app/db/schema");
  const { demoAccounts } = await import("../app/setup/seed-data");
  const demo = demoAccounts.find((a) => a.role === wanted)!;
  const rows = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.role, wanted))
    .orderBy(asc(user.createdAt), asc(user.id));
  const chosen = rows.find((r) => r.email === demo.email) ?? rows[0];
  return chosen ? { ...chosen, role: wanted } : null;
}

/** The plan as the documented JSON: tool, args, reply, and the products listed or changed. */
function planDocument(plan: Plan) {
  const doc: Record<string, unknown> = { tool: plan.tool, args: plan.args, reply: plan.reply };
  if (plan.tool === "list_products" || plan.tool === "change_price") doc.results = plan.results;
  if (plan.tool === "change_price") Object.assign(doc, { changes: plan.changes, warning: plan.warning });
  if (plan.tool === "clarify") doc.choices = plan.choices;
  if (plan.tool === "refuse") doc.reason = plan.reason;
  return doc;
}

const cents = (n: number) => `$${(n / 100).toFixed(2)}`;

function planSummary(plan: Plan, person: Person) {
  const lines = [
    `As ${person.email} (${person.role}): ${plan.tool}${plan.tool === "refuse" ? ` (${plan.reason})` : ""}`,
  ];
  lines.push(`  ${plan.reply}`);
  const { args } = plan;
  const facts = [
    args.priceList && `list ${args.priceList.name} (${args.priceList.slug})`,
    args.product && `product ${args.product.name}`,
    args.category && `category ${args.category}`,
    args.query && `words "${args.query}"`,
    args.newPrice !== undefined && `new price $${args.newPrice.toFixed(2)}`,
    args.changeBy &&
      `change ${args.changeBy.value > 0 ? "+" : ""}${args.changeBy.value}${args.changeBy.type === "percentage" ? "%" : " dollars"}`,
    args.days !== undefined && `${args.days} days`,
  ].filter(Boolean);
  if (facts.length > 0) lines.push(`  ${facts.join(" · ")}`);
  if (plan.tool === "change_price") {
    for (const c of plan.changes) lines.push(`  ${c.name}: ${cents(c.oldCents)} → ${cents(c.newCents)}`);
    if (plan.warning) lines.push("  (a price moves by more than 50%)");
    lines.push("  Nothing was changed: the assistant only proposes.");
  }
  if (plan.tool === "list_products") {
    for (const r of plan.results.slice(0, 20)) lines.push(`  - ${r.name}`);
    if (plan.results.length > 20) lines.push(`  … and ${plan.results.length - 20} more`);
  }
  if (plan.tool === "clarify") for (const c of plan.choices) lines.push(`  [${c.label}]`);
  return lines.join("\n");
}

/** Writes all of it before the process exits (a pipe may take its time). */
function print(text: string) {
  return new Promise<void>((resolve, reject) =>
    process.stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
  );
}

await runTool(
  "npm run assistant:plan",
  async () => {
    await import("../app/i18n/instance");
    const { planForUser } = await import("../app/features/assistant/plan.server");
    const person = await findActingUser(role as CliRole);
    if (!person) throw new CliError(`There is no ${role} account in this database (run npm run seed -- --demo).`);
    const plan = await planForUser(texts[0], person, "en");
    await print(json ? JSON.stringify(planDocument(plan)) : planSummary(plan, person));
  },
  { auth: false },
);

/**
 * A worker process for the background import tests: claims the due import jobs on DATABASE_URL
 * and runs them. With KILL_IN_BATCH=n it kills itself (SIGKILL, no clean-up of any kind) inside
 * the transaction of batch n, after every write of that batch and before its commit: a server
 * that dies in the middle of an import.
 */
import { openDatabase } from "../../app/db/client.server";
import { runDueImportJobs } from "../../app/features/imports/run/jobs.server";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const killIn = Number(process.env.KILL_IN_BATCH ?? 0);
const leaseMs = Number(process.env.LEASE_MS ?? 30_000);

await openDatabase({ kind: "postgres", url, max: 2 });
setImportFaultsForTests({
  beforeCommit: ({ batchNumber }) => {
    if (batchNumber === killIn) process.kill(process.pid, "SIGKILL");
  },
});
const ran = await runDueImportJobs({ leaseMs });
console.log(JSON.stringify({ ran }));
process.exit(0);

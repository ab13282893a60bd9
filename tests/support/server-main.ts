import { runServer } from "../../server/main";

/**
 * The production server as `npm start` runs it, minus the build step: test servers run from a
 * snapshot of the build in their working directory (see snapshotBuild in server.ts).
 */
const server = await runServer({ dev: false });
console.log(`Listening on port ${server.port}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());

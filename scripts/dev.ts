import { exitWithMessage, lockEmbeddedDatabase } from "./lib/cli";

process.env.NODE_ENV ??= "development";

async function main() {
  const release = lockEmbeddedDatabase("the development server (npm run dev)");
  const { runServer } = await import("../server/main");
  const server = await runServer({ dev: true });
  console.log(`Development server on http://localhost:${server.port} (hot reload)`);
  const stop = async () => {
    await server.close();
    release();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch(exitWithMessage);

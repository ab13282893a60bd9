import { exitWithMessage, lockEmbeddedDatabase, onShutdownSignal } from "./lib/cli";

process.env.NODE_ENV ??= "development";

async function main() {
  const release = lockEmbeddedDatabase("the development server (npm run dev)");
  const { runServer } = await import("../server/main");
  const server = await runServer({ dev: true });
  console.log(`Development server on http://localhost:${server.port} (hot reload)`);
  onShutdownSignal(async () => {
    await server.close();
    release();
  });
}

main().catch(exitWithMessage);

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes build/bundle-report.json: for each browser chunk, how many of its bytes come from our
 * sources and how many from libraries, so the JavaScript budget can tell our code from theirs.
 */
function bundleReport(): Plugin {
  return {
    name: "bundle-report",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(options, bundle) {
      const chunks: Record<string, { own: number; libraries: number }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const sizes = { own: 0, libraries: 0 };
        for (const [id, info] of Object.entries(output.modules)) {
          const ours = !id.includes("/node_modules/") && id.startsWith(process.cwd());
          sizes[ours ? "own" : "libraries"] += info.renderedLength;
        }
        chunks[output.fileName] = sizes;
      }
      const outDir = path.resolve(options.dir ?? "build/client");
      mkdirSync(path.dirname(outDir), { recursive: true });
      writeFileSync(path.join(path.dirname(outDir), "bundle-report.json"), JSON.stringify({ chunks }, null, 1));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter(), bundleReport()],
}));

import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { request } from "playwright-core";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./browser";
import {
  demoEmails,
  demoPassword,
  nextClientAddress,
  startAppServer,
  type AppServer,
  type SignedInRole,
} from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    /** Saved storage state (cookies) per signed-in role, or "" when signing in failed. */
    e2eStates: Record<SignedInRole, string>;
    e2eSignInError: string;
    /** A directory private to this run, for records shared by the test files. */
    e2eStateDir: string;
  }
}

let server: AppServer | undefined;
let stateDir: string | undefined;

async function saveSignedInState(baseUrl: string, role: SignedInRole, file: string) {
  const api = await request.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { "x-forwarded-for": nextClientAddress() },
  });
  try {
    const res = await api.post("/login", {
      form: { identifier: demoEmails[role], password: demoPassword, redirectTo: "/dashboard" },
      maxRedirects: 0,
    });
    const state = await api.storageState({ path: file });
    if (res.status() !== 302 || !state.cookies.some((c) => c.name.endsWith("session_token"))) {
      throw new Error(`signing in as ${role} answered ${res.status()} without a session cookie`);
    }
  } finally {
    await api.dispose();
  }
}

/**
 * Once per browser-test run: Chromium present, the production build current, one real server on
 * a fresh embedded database with the demo data, and each role signed in once (storage state saved).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  server = await startAppServer({ trustProxy: true });
  stateDir = path.resolve(".tmp", `e2e-state-${process.pid}`);
  mkdirSync(stateDir, { recursive: true });
  const states = { admin: "", seller: "", customer: "" } as Record<SignedInRole, string>;
  const failures: string[] = [];
  for (const role of Object.keys(demoEmails) as SignedInRole[]) {
    const file = path.join(stateDir, `${role}.json`);
    try {
      await saveSignedInState(server.url, role, file);
      states[role] = file;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  project.provide("e2eBaseUrl", server.url);
  project.provide("e2eStates", states);
  project.provide("e2eSignInError", failures.join("; "));
  project.provide("e2eStateDir", stateDir);
  return async () => {
    const errors = server?.errors() ?? [];
    // `npm test` checks the data the browser tests leave behind (docs/decisions/032-data-check.md).
    await server?.stop({ keepDataIn: process.env.E2E_KEEP_DATA_DIR });
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    if (errors.length > 0) throw new Error(`The server logged errors during the browser tests:\n${errors.join("\n")}`);
  };
}

import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { launchBrowser } from "./browser";
import { demoAccounts } from "../../app/setup/seed-data";
import { browserCookies, nextClientAddress, signIn, type SignedInRole } from "./server";

export type Who = "anonymous" | SignedInRole;
export type Lang = "en" | "es";
export type ThemeChoice = "light" | "dark" | "system";

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

export function baseUrl() {
  return inject("e2eBaseUrl");
}

/** The saved storage state of a role signed in once for the whole run (see e2e-global-setup.ts). */
export function storageStateFor(role: SignedInRole) {
  const file = inject("e2eStates")[role];
  if (!file) throw new Error(`No signed-in state for ${role}: ${inject("e2eSignInError") || "signing in failed"}`);
  return file;
}

export type SessionOptions = {
  as?: Who;
  /** Another server than the run's shared one (e.g. one on PostgreSQL). */
  baseURL?: string;
  lang?: Lang;
  theme?: ThemeChoice;
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  colorScheme?: "light" | "dark";
  /** A touch screen, as on a phone: the page matches `(pointer: coarse)`. */
  touch?: boolean;
  /** Scan every page reached with goto() for serious and critical accessibility violations. */
  axe?: boolean;
};

export type Session = {
  context: BrowserContext;
  page: Page;
  /** Navigates, waits for hydration and (unless disabled) runs the axe scan. */
  goto: (path: string, options?: { axe?: boolean }) => Promise<Response | null>;
  /** Waits until React has hydrated the page and the router is ready. */
  hydrated: () => Promise<void>;
  scan: () => Promise<void>;
  /** Console messages matching this pattern are expected in this test (e.g. the 404 of a missing page). */
  allowConsole: (pattern: RegExp) => void;
  consoleErrors: () => string[];
};

/**
 * Pages already scanned in this run, by visitor, language, theme, width and path: the same page
 * seen the same way gives the same result. Test files run in separate processes, so the record is
 * a file per page in the run's state directory.
 */
function alreadyScanned(key: string) {
  const file = path.join(inject("e2eStateDir"), `axe-${createHash("sha1").update(key).digest("hex")}`);
  return { seen: existsSync(file), remember: () => writeFileSync(file, key) };
}

/**
 * Fails with the serious and critical violations axe finds on the current page. With a modal menu
 * or dialog open, the rest of the page is aria-hidden while focus is trapped inside the modal, so
 * the focusable elements behind it cannot be reached; axe's aria-hidden-focus rule does not know
 * the trap and is left out for those scans only.
 */
export async function scanAccessibility(page: Page, { modalOpen = false } = {}) {
  // Legacy mode runs axe once in the page (the site has no frames) instead of finishing the run
  // in a second blank page, which halves the time of a scan.
  // A fading element is read mid-way with blended colours, so finite animations finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (modalOpen) builder.disableRules(["aria-hidden-focus"]);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length === 0) return;
  const lines = bad.map(
    (v) =>
      `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(" ")} ${n.failureSummary?.split("\n").join(" ") ?? ""}`).join("\n")}`,
  );
  throw new Error(
    `Accessibility violations on ${page.url()} (html class "${await page.evaluate(() => document.documentElement.className)}", lang ${await page.evaluate(() => document.documentElement.lang)}):\n${lines.join("\n")}`,
  );
}

/**
 * Waits until React has committed the hydration, so effects (listeners, timers) are in place. The
 * page's scripts start after its first paint, usually after the load event `goto` waits for, and a
 * concurrent hydration tags DOM nodes while it renders, well before its commit: React's root says
 * it is no longer dehydrated only once the commit is done.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } };
    type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
    const root = key ? (document as unknown as Record<string, HostRoot>)[key] : undefined;
    return Boolean(
      w.__reactRouterDataRouter?.state.initialized && root?.stateNode?.current?.memoizedState?.isDehydrated === false,
    );
  });
}

/** Waits for a locator to be visible (playwright-core has no `expect`; a timeout is the failure). */
export async function visible(locator: Locator, timeout?: number) {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout?: number) {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Discards a table's unsaved edits as a person does: the save bar's Discard, then its confirmation. */
export async function discardEdits(page: Page, label = "Discard changes") {
  await page.getByRole("button", { name: label }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: label }).click();
  await hidden(confirm);
}

/**
 * One browser per test file; each session is a fresh context (cookies, storage) for one visitor.
 * Console errors and page errors fail the test that produced them.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const open: Array<{ context: BrowserContext; errors: string[]; allowed: RegExp[] }> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const sessions = open.splice(0);
    const problems: string[] = [];
    for (const s of sessions) {
      problems.push(...s.errors.filter((e) => !s.allowed.some((re) => re.test(e))));
      await s.context.close();
    }
    if (problems.length > 0) throw new Error(`Console errors:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function session(options: SessionOptions = {}): Promise<Session> {
    if (!browser) throw new Error("useBrowser(): the browser is not running");
    const who = options.as ?? "anonymous";
    const origin = options.baseURL ?? baseUrl();
    // The signed-in states belong to the shared server; on a spec's own server the role signs in there.
    const ownServer = origin !== baseUrl();
    const contextOptions: BrowserContextOptions = {
      baseURL: origin,
      viewport: options.viewport ?? desktop,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      colorScheme: options.colorScheme ?? "light",
      hasTouch: options.touch ?? false,
      extraHTTPHeaders: { "x-forwarded-for": nextClientAddress() },
      storageState: who === "anonymous" || ownServer ? undefined : storageStateFor(who),
    };
    const context = await browser.newContext(contextOptions);
    // Assertions wait 10 s; a page load may take longer on a busy 2-core machine (a first render warms the server).
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(30_000);
    const cookies = [];
    if (options.lang) cookies.push({ name: "lang", value: options.lang, url: origin });
    if (options.theme) {
      cookies.push({ name: "theme", value: options.theme, url: origin });
      await context.addInitScript((theme) => {
        if (!localStorage.getItem("vite-ui-theme")) localStorage.setItem("vite-ui-theme", theme);
      }, options.theme);
    }
    if (ownServer && who !== "anonymous") {
      const header = await signIn(origin, demoAccounts.find((a) => a.role === who)!.email);
      cookies.push(...browserCookies(header, origin));
    }
    if (cookies.length > 0) await context.addCookies(cookies);

    const entry = { context, errors: [] as string[], allowed: [] as RegExp[] };
    open.push(entry);
    const page = await context.newPage();
    page.on("console", (msg) => {
      const text = msg.text();
      if (msg.type() === "error" || (msg.type() === "warning" && /hydrat/i.test(text))) {
        entry.errors.push(`${msg.type()} on ${page.url()}: ${text}`);
      }
    });
    page.on("pageerror", (error) => entry.errors.push(`uncaught on ${page.url()}: ${error.message}`));

    const axeByDefault = options.axe ?? true;
    const hydrated = () => waitForHydration(page);
    const scan = async () => {
      // Who is signed in is read from the page: a session may sign in or out along the way.
      const seen = await page.evaluate(() =>
        [
          document.documentElement.lang,
          document.documentElement.classList.contains("dark"),
          innerWidth < 700,
          // The named menus of the header: the theme's and, when someone is signed in, the account's.
          [...document.querySelectorAll("header [aria-haspopup='menu'][aria-label]")]
            .map((e) => e.getAttribute("aria-label"))
            .join(","),
        ].join("|"),
      );
      const url = new URL(page.url());
      const record = alreadyScanned(`${url.origin}|${who}|${seen}|${url.pathname}`);
      if (record.seen) return;
      await scanAccessibility(page);
      record.remember();
    };
    return {
      context,
      page,
      hydrated,
      scan,
      allowConsole: (pattern) => entry.allowed.push(pattern),
      consoleErrors: () => [...entry.errors],
      goto: async (path, gotoOptions) => {
        const response = await page.goto(path);
        if (options.javaScriptEnabled !== false) await hydrated();
        if (gotoOptions?.axe ?? axeByDefault) await scan();
        return response;
      },
    };
  }

  return { session };
}

export async function signInWithForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or phone").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Client-side navigation through the app's router, as a link click would do. */
export async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    const w = window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } };
    return w.__reactRouterDataRouter.navigate(path);
  }, to);
}

/** The path and query of the page's current URL. */
export function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * Opens a server-sent event stream from the page as its EventSource would (same cookies, same
 * origin), reads its first message and closes it. Redirects are followed: `url` says where to.
 */
export async function openEventStream(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const controller = new AbortController();
    const res = await fetch(path, { signal: controller.signal, headers: { accept: "text/event-stream" } });
    let first = "";
    if (res.ok && res.body) {
      const chunk = await res.body.getReader().read();
      first = new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    const url = new URL(res.url);
    return { status: res.status, type: res.headers.get("content-type") ?? "", url: url.pathname + url.search, first };
  }, path);
}

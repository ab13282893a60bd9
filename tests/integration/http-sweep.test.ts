import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authPaths,
  can,
  privateResources,
  privateRoutes,
  publicPaths,
  publicResources,
  type Permission,
} from "../../app/auth/permissions";
import { isPublicPage } from "../../app/lib/seo";
import routes from "../../app/routes";
import {
  cookiesFrom,
  demoEmails,
  nextClientAddress,
  signIn,
  startAppServer,
  type AppServer,
  type SignedInRole,
} from "../support/server";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

type Who = "anonymous" | SignedInRole;
const everyone: Who[] = ["anonymous", "customer", "seller", "admin"];

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type Page =
  | { url: string; file: string; kind: "private"; permission: Permission; dynamic: boolean }
  | { url: string; file: string; kind: "public" | "auth" | "logout" | "unauthorized" | "unknown" };

function flatten(entries: RouteEntry[], prefix = ""): { pattern: string; file: string }[] {
  return entries.flatMap((e) => {
    const pattern = e.index ? prefix || "/" : e.path ? `${prefix}/${e.path}` : prefix;
    const own = e.index || e.path ? [{ pattern: pattern.replace(/\/+/g, "/"), file: e.file }] : [];
    return [...own, ...flatten(e.children ?? [], e.path ? pattern : prefix)];
  });
}

/** Concrete URLs for a pattern: an optional segment gives the bare path and one with a made-up id. */
function urlsOf(pattern: string) {
  if (pattern === "/*") return ["/no-such-page/anywhere"];
  // A product page needs a product that exists (one of the five the landing page links to); unknown
  // slugs are 404.
  if (pattern === "/products/:slug") return ["/products/sandia"];
  const optional = pattern.match(/^(.*)\/:[^/]+\?$/);
  if (optional) return [optional[1], `${optional[1]}/x`];
  return [pattern.replace(/:[^/]+/g, "x")];
}

function classify(url: string, file: string): Page | null {
  if (url === "/no-such-page/anywhere") return { url, file, kind: "unknown" };
  if (url === "/logout") return { url, file, kind: "logout" };
  if (url === "/unauthorized") return { url, file, kind: "unauthorized" };
  const exact = privateRoutes.find((r) => r.path === url);
  if (exact) return { url, file, kind: "private", permission: exact.permission, dynamic: false };
  // A file (a PDF, a JSON answer) may say 404 when what it draws from is missing.
  const resource = privateResources.find((r) => r.path === url);
  if (resource) return { url, file, kind: "private", permission: resource.permission, dynamic: true };
  const under = [...privateRoutes, ...privateResources].find((r) => url.startsWith(`${r.path}/`));
  if ((publicPaths as readonly string[]).includes(url)) return { url, file, kind: "public" };
  if ((publicResources as readonly string[]).includes(url)) return { url, file, kind: "public" };
  if (under) return { url, file, kind: "private", permission: under.permission, dynamic: true };
  if ((authPaths as readonly string[]).includes(url)) return { url, file, kind: "auth" };
  // Product pages and other pages below a public section are public.
  if (publicPaths.some((p) => p !== "/" && url.startsWith(`${p}/`))) return { url, file, kind: "public" };
  return null;
}

const patterns = flatten(routes as RouteEntry[]);
const pages = patterns.flatMap(({ pattern, file }) => urlsOf(pattern).map((url) => ({ url, file })));

function hasAction(file: string) {
  const source = readFileSync(path.resolve("app", file), "utf8");
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
}

let server: AppServer;
const cookie: Record<Who, string> = { anonymous: "", customer: "", seller: "", admin: "" };
// A role that could not sign in fails its own checks; the anonymous ones still run.
const signInErrors: Partial<Record<Who, Error>> = {};

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (test.kind === "postgres") {
    // The embedded database seeds itself on first start; PostgreSQL gets the demo data here.
    const { seedCatalog, seedDemoAccounts } = await import("../../app/setup/seed.server");
    await seedCatalog();
    await seedDemoAccounts();
    databaseUrl = test.url;
  }
  server = await startAppServer({ databaseUrl, trustProxy: true });
  for (const role of ["customer", "seller", "admin"] as const) {
    try {
      cookie[role] = await signIn(server.url, demoEmails[role]);
    } catch (error) {
      signInErrors[role] = error as Error;
    }
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

type Outcome = { status: number; location: string | null; res: Response; body: string };

/** A body to post: a small form unless a test sends another (its type, or none). */
type Body = { type: string | null; text: string | undefined };
const smallForm: Body = { type: "application/x-www-form-urlencoded", text: "sweep=1" };

async function request(
  method: "GET" | "POST",
  url: string,
  who: Who,
  headers: Record<string, string> = {},
  sent: Body = smallForm,
) {
  if (signInErrors[who]) throw signInErrors[who];
  const res = await fetch(server.url + url, {
    method,
    redirect: "manual",
    headers: {
      "x-forwarded-for": nextClientAddress(),
      ...(cookie[who] ? { cookie: cookie[who] } : {}),
      ...(method === "POST" ? { origin: server.url, ...(sent.type ? { "content-type": sent.type } : {}) } : {}),
      ...headers,
    },
    body: method === "POST" ? sent.text : undefined,
  });
  const body = await res.text();
  let location = res.headers.get("location");
  // A single-fetch (.data) redirect is a 202 whose body names the target.
  if (res.status === 202 && res.headers.get("x-remix-response")) {
    location = body.match(/"redirect","([^"]+)"/)?.[1] ?? null;
  }
  return { status: res.status, location, res, body } satisfies Outcome;
}

function dataUrl(url: string) {
  return url === "/" ? "/_root.data" : `${url}.data`;
}

const loginFor = (url: string) => `/login?redirectTo=${encodeURIComponent(url)}`;

/** What the permission table grants, as the response the server must give. */
function expectedGet(page: Page, who: Who): { status: number[]; location?: string } {
  const signedIn = who !== "anonymous";
  switch (page.kind) {
    case "private":
      if (!signedIn) return { status: [302], location: loginFor(page.url) };
      if (!can({ role: who }, page.permission)) return { status: [302], location: "/unauthorized" };
      // Nobody has selected anything to print here: the empty selection's page says how to.
      if (page.url === "/prices-selected.pdf") return { status: [302], location: "/prices-selected" };
      // The price editor's save takes only POST.
      if (page.url.endsWith("/prices")) return { status: [405] };
      // A made-up id may well not exist; what matters is that the guard let the role through.
      return { status: page.dynamic ? [200, 404] : [200] };
    case "public":
      if (signedIn && page.url === "/") return { status: [302], location: "/dashboard" };
      if (signedIn && page.url === "/prices") return { status: [302], location: "/pricesprivate" };
      return { status: [200] };
    case "auth":
      return signedIn ? { status: [302], location: "/dashboard" } : { status: [200] };
    case "unauthorized":
      return { status: [200] };
    case "unknown":
      return { status: [404] };
    case "logout":
      return { status: [200, 302, 303, 405] };
  }
}

function describeMismatch(
  method: string,
  url: string,
  who: Who,
  got: Outcome,
  want: { status: number[]; location?: string },
) {
  return `${method} ${url} as ${who}: got ${got.status}${got.location ? ` → ${got.location}` : ""}, want ${want.status.join("|")}${want.location ? ` → ${want.location}` : ""}`;
}

/** Bodies no form of the site sends: each must be refused on its merits, never crash an action. */
const malformedBodies = [
  { name: "JSON", type: "application/json", text: '{"intent":"save","name":"x"}' },
  { name: "text/plain", type: "text/plain", text: "intent=save&name=x" },
  {
    name: "a broken multipart body",
    type: "multipart/form-data; boundary=cut",
    text: '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
  },
  { name: "a multipart type without a boundary", type: "multipart/form-data", text: "intent=save" },
  {
    name: "a form with broken percent-encoding",
    type: "application/x-www-form-urlencoded",
    text: "intent=%ff&name=%E0%A4%A",
  },
  { name: "no body and no type", type: null, text: undefined },
];

/** Paths and queries no link of the site makes. */
const malformedUrls = [
  "/%ff",
  "/%ff.data",
  "/products/%ff",
  "/products/%E0%A4%A",
  "/img/%ff",
  "/pricesprivate/%ff",
  "/prices-manage/%ff",
  "/login?redirectTo=%0d%0a%2F%2Fevil.example",
  "/login?redirectTo=%ff",
  "/products?q=%ff",
  "/activity?from=%ff",
];

const sweptPages = pages.map((p) => classify(p.url, p.file) ?? { ...p, kind: "unclassified" as const });

describe(`HTTP sweep of every route as every role (${test.kind})`, () => {
  it("knows every route of app/routes.ts from the permission table's lists", () => {
    const unclassified = sweptPages.filter((p) => p.kind === "unclassified").map((p) => p.url);
    expect(unclassified, "routes that are neither private, public nor auth pages in app/auth/permissions.ts").toEqual(
      [],
    );
    for (const r of privateRoutes) expect(pages.map((p) => p.url)).toContain(r.path);
  });

  it.each(everyone)("GET of every page and its .data URL as %s follows the permission table", async (who) => {
    const mismatches: string[] = [];
    for (const page of sweptPages) {
      if (page.kind === "unclassified") continue;
      const want = expectedGet(page, who);
      const doc = await request("GET", page.url, who);
      if (!want.status.includes(doc.status) || (want.location !== undefined && doc.location !== want.location)) {
        mismatches.push(describeMismatch("GET", page.url, who, doc, want));
      }
      if (doc.status === 200 && page.kind !== "logout") {
        const type = doc.res.headers.get("content-type") ?? "";
        const cache = doc.res.headers.get("cache-control") ?? "";
        // A visitor's public page is the same for everyone: kept, and asked for again each time
        // (docs/decisions/033-public-page-cache.md). Anything else is private.
        const shared =
          who === "anonymous" && page.kind === "public" && isPublicPage(new URL(page.url, server.url).pathname);
        const wantCache = shared ? "public, no-cache" : "private";
        if (type.startsWith("text/html") && !cache.includes(wantCache)) {
          mismatches.push(`GET ${page.url} as ${who}: HTML without Cache-Control: ${wantCache} (got "${cache}")`);
        }
      }
      if (page.kind === "logout") continue;
      const data = await request("GET", dataUrl(page.url), who);
      // Over single fetch a redirect arrives as 202 with its target in the body.
      const wantData = want.location ? { status: [202], location: want.location } : want;
      if (
        !wantData.status.includes(data.status) ||
        (wantData.location !== undefined && data.location !== wantData.location)
      ) {
        mismatches.push(describeMismatch("GET", dataUrl(page.url), who, data, wantData));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(everyone)("POST to every route's action as %s is refused unless the table grants it", async (who) => {
    const mismatches: string[] = [];
    for (const page of sweptPages) {
      // Signing out is checked on its own below; here it would end the role's session.
      if (page.kind === "unclassified" || page.kind === "logout") continue;
      const action = page.kind !== "unknown" && hasAction(page.file);
      for (const url of [page.url, dataUrl(page.url)]) {
        const isData = url.endsWith(".data");
        const got = await request("POST", url, who);
        let want: { status: number[]; location?: string };
        if (page.kind === "unknown") want = { status: [404] };
        else if (!action) want = { status: [405] };
        else if (page.kind === "private" && who === "anonymous") {
          want = { status: [isData ? 202 : 302], location: loginFor(page.url) };
        } else if (page.kind === "private" && who !== "anonymous" && !can({ role: who }, page.permission)) {
          want = { status: [403] };
        } else want = { status: [] };

        if (want.status.length > 0) {
          if (!want.status.includes(got.status) || (want.location !== undefined && got.location !== want.location)) {
            mismatches.push(describeMismatch("POST", url, who, got, want));
          }
        } else if (
          got.status >= 500 ||
          got.status === 403 ||
          got.location?.startsWith("/login") ||
          got.location === "/unauthorized"
        ) {
          // Allowed: the action runs (and refuses the empty form on its merits), never a guard's answer or a crash.
          mismatches.push(
            `POST ${url} as ${who}: got ${got.status}${got.location ? ` → ${got.location}` : ""}, want the action to run`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(everyone)(
    "answers malformed requests to every route as %s with a 4xx or a page, never a 5xx",
    async (who) => {
      const crashes: string[] = [];
      for (const page of sweptPages) {
        if (page.kind === "unclassified" || page.kind === "logout") continue;
        for (const url of [page.url, dataUrl(page.url)]) {
          for (const body of malformedBodies) {
            const { status } = await request("POST", url, who, {}, body);
            if (status >= 500) crashes.push(`POST ${url} as ${who} with ${body.name}: ${status}`);
          }
        }
      }
      for (const url of malformedUrls) {
        const { status } = await request("GET", url, who);
        if (status >= 500) crashes.push(`GET ${url} as ${who}: ${status}`);
      }
      expect(crashes).toEqual([]);
    },
  );

  it.each(everyone)("better-auth's own endpoints are not mounted (404 for %s)", async (who) => {
    const endpoints = [
      "/api/auth/ok",
      "/api/auth/get-session",
      "/api/auth/list-sessions",
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/sign-out",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/change-password",
      "/api/auth/update-user",
      "/api/auth/phone-number/send-otp",
      "/api/auth/admin/list-users",
      "/api/auth/admin/set-role",
      "/api/auth/admin/create-user",
      "/api/auth/admin/impersonate-user",
    ];
    const mismatches: string[] = [];
    for (const url of endpoints) {
      for (const method of ["GET", "POST"] as const) {
        const got = await request(method, url, who);
        if (got.status !== 404) mismatches.push(`${method} ${url} as ${who}: got ${got.status}, want 404`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("refuses a POST from another origin or site with 403", async () => {
    for (const who of everyone) {
      for (const url of ["/login", "/register", "/manage-users", "/profile", "/logout"]) {
        const foreign = await request("POST", url, who, { origin: "http://evil.example" });
        expect(foreign.status, `POST ${url} as ${who} with a foreign Origin`).toBe(403);
        const crossSite = await request("POST", url, who, { "sec-fetch-site": "cross-site" });
        expect(crossSite.status, `POST ${url} as ${who} with Sec-Fetch-Site: cross-site`).toBe(403);
      }
    }
    // The refused requests changed nothing: every role is still signed in.
    for (const role of ["customer", "seller", "admin"] as const) {
      expect((await request("GET", "/dashboard", role)).status).toBe(200);
    }
  });

  it("treats a tampered or unknown session cookie as anonymous and clears it", async () => {
    const real = cookie.admin.match(/((?:__Secure-)?better-auth\.session_token)=([^;]+)/);
    expect(real).not.toBeNull();
    const [, name, value] = real!;
    const decoded = decodeURIComponent(value);
    const flipped = decoded.slice(0, 5) + (decoded[5] === "A" ? "B" : "A") + decoded.slice(6);
    const variants = [
      `${name}=${encodeURIComponent(flipped)}`,
      `${name}=${encodeURIComponent(`${crypto.randomUUID()}.${"x".repeat(43)}=`)}`,
      `${name}=garbage`,
    ];
    for (const bad of variants) {
      for (const url of ["/dashboard", "/manage-users"]) {
        const res = await fetch(server.url + url, { redirect: "manual", headers: { cookie: bad } });
        expect(res.status, `${url} with ${bad}`).toBe(302);
        expect(res.headers.get("location")).toBe(loginFor(url));
        const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
        expect(cleared, `a Set-Cookie clearing ${name}`).toBeDefined();
        expect(cleared).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
      }
      const home = await fetch(`${server.url}/`, { redirect: "manual", headers: { cookie: bad } });
      expect(home.status).toBe(200);
    }
  });

  it("sends a CSP whose nonce is on every script, no HSTS over http, and private HTML but a visitor's public page", async () => {
    const nonces = new Set<string>();
    for (const [url, who] of [
      ["/", "anonymous"],
      ["/login", "anonymous"],
      ["/dashboard", "admin"],
      ["/no-such-page/anywhere", "seller"],
    ] as const) {
      const got = await request("GET", url, who);
      const csp = got.res.headers.get("content-security-policy") ?? "";
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, `CSP nonce on ${url}`).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toMatch(/script-src [^;]*'nonce-/);
      expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
      const scripts = [...got.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        if (/type="application\/ld\+json"/.test(attrs)) continue;
        expect(attrs, `script on ${url}`).toContain(`nonce="${nonce}"`);
      }
      expect(got.res.headers.get("strict-transport-security")).toBeNull();
      expect(got.res.headers.get("cache-control") ?? "").toBe(url === "/" ? "public, no-cache" : "private, no-cache");
    }
    expect(nonces.size, "a fresh nonce per response").toBe(4);
  });

  it("writes a page refused before any loader ran in the reader's language, with its texts for the browser", async () => {
    const res = await fetch(`${server.url}/about-us`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: "lang=es", origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    const html = await res.text();
    expect(res.status).toBe(405);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("405 Método no permitido");
    expect(html).toContain("<title>Ocurrió un error inesperado</title>");
    const texts = html.match(/<script id="page-translations" type="application\/json">([^<]*)<\/script>/);
    expect(texts, "the public pages' translations, for the browser").not.toBeNull();
    expect(JSON.parse(texts![1])).toMatchObject({
      general: { routeError: { status: { "405": "Método no permitido" } } },
    });
  });

  it("takes a form sent from the site's own https address through a proxy that does not say so", async () => {
    const behind = await startAppServer({ env: { SITE_URL: "https://shop.example" } });
    try {
      for (const url of ["/about-us", "/about-us.data"]) {
        const res = await fetch(`${behind.url}${url}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: "https://shop.example", "content-type": "application/x-www-form-urlencoded" },
          body: "x=1",
        });
        await res.arrayBuffer();
        // The page's own answer to a form it does not take, not a refused origin's 400.
        expect(res.status, url).toBe(405);
      }
      expect(behind.errors()).toEqual([]);
    } finally {
      await behind.stop();
    }
  }, 240_000);

  it("says when to try again on a 429, to a page and to a data request alike", async () => {
    const address = nextClientAddress();
    for (const url of ["/login", "/login.data"]) {
      let res: Response | null = null;
      for (let attempt = 0; attempt < 50; attempt++) {
        res = await fetch(server.url + url, {
          method: "POST",
          redirect: "manual",
          headers: {
            "x-forwarded-for": address,
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ identifier: "nobody@example.com", password: "not-the-password-1" }),
        });
        await res.arrayBuffer();
        if (res.status === 429) break;
      }
      expect(res!.status, url).toBe(429);
      expect(Number(res!.headers.get("retry-after")), url).toBeGreaterThan(0);
    }
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it.each(["customer", "seller", "admin"] as const)("signs %s out to /login and ends the session", async (role) => {
    const own = await signIn(server.url, demoEmails[role]);
    const res = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: own, origin: server.url, "x-forwarded-for": nextClientAddress() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(cookiesFrom(res).some((c) => c.includes("session_token="))).toBe(false);
    const after = await fetch(`${server.url}/dashboard`, { redirect: "manual", headers: { cookie: own } });
    expect(after.headers.get("location"), "the old cookie no longer signs in").toBe(loginFor("/dashboard"));
  });

  it("logged no server error while being swept", () => {
    expect(server.errors()).toEqual([]);
  });
});

import { request, type APIRequestContext, type Page } from "playwright-core";
import { baseUrl, storageStateFor, visible, type Session } from "../../support/e2e";
import { nextClientAddress, type SignedInRole } from "../../support/server";

/**
 * Helpers of the price list specs. The demo database is shared by every spec of a run, and other
 * specs change the demo lists, so each test works on lists of its own with names no one else uses.
 */
let counter = 0;
export function uniqueName(prefix: string) {
  counter++;
  return `${prefix} ${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
}

/** A request context signed in with a role's saved storage state, as a script holding the cookie would be. */
export async function apiAs(role: SignedInRole | "anonymous"): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: baseUrl(),
    storageState: role === "anonymous" ? undefined : storageStateFor(role),
    extraHTTPHeaders: { "x-forwarded-for": nextClientAddress() },
  });
}

/**
 * Creates a list copied from Wholesale through the list screen's form action (as the seller's
 * browser would post it) and answers its address, read from the link the list screen shows.
 */
export async function createListCopy(s: Session, name: string) {
  const res = await s.page.request.post("/prices-manage", {
    form: { intent: "create", name, source: "wholesale", adjustmentType: "none" },
  });
  if (res.status() !== 200) throw new Error(`creating ${name} answered ${res.status()}`);
  await s.goto("/prices-manage", { axe: false });
  const href = await s.page
    .getByRole("region", { name: "Price lists", exact: true })
    .getByRole("link", { name, exact: true })
    .getAttribute("href");
  const slug = href?.match(/^\/prices-manage\/([^/?#]+)$/)?.[1];
  if (!slug) throw new Error(`no link to ${name} (href ${href})`);
  return slug;
}

/**
 * A form crafted in the page (as someone editing the page's HTML would) and submitted as an
 * ordinary same-site document POST; answers the server's response once the answer is shown.
 */
export async function submitCraftedForm(page: Page, action: string, fields: Record<string, string>) {
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
  );
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, fields },
  );
  const answer = await response;
  await page.waitForURL((url) => url.pathname === new URL(action, page.url()).pathname);
  await page.waitForLoadState();
  return answer;
}

/** The price a page's table shows for a product (the editor's input or the read-only cell). */
export function priceRow(page: Page, product: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: product, exact: true }) });
}

/** Registers a new customer account in an anonymous session, which ends up signed in as them. */
/**
 * The code a registration by email sent to the address, as an admin reads it in the mail outbox
 * (no mail server is configured): the newest message to the address comes first.
 */
export async function registrationCode(email: string) {
  const admin = await apiAs("admin");
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await admin.get("/manage-users?view=outbox")).text();
    const at = html.indexOf(email);
    const code = at < 0 ? undefined : html.slice(at).match(/<pre[^>]*>[^<]*?\b(\d{6})\b/)?.[1];
    if (code) {
      await admin.dispose();
      return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await admin.dispose();
  throw new Error(`no registration code for ${email} in the outbox`);
}

export async function registerCustomer(s: Session, name: string, email: string) {
  await s.goto("/register");
  await s.page.getByLabel("Full name").fill(name);
  await s.page.getByLabel("Email or phone", { exact: true }).fill(email);
  await s.page.getByLabel("Password", { exact: true }).fill("Lantern-mango-harbor-2026");
  await s.page.getByLabel("Confirm password").fill("Lantern-mango-harbor-2026");
  await s.page.getByRole("button", { name: "Create account" }).click();
  await s.page.getByLabel("Verification code").fill(await registrationCode(email));
  await s.page.getByRole("button", { name: "Verify and create account" }).click();
  await s.page.waitForURL("**/dashboard");
  await s.hydrated();
  await visible(s.page.getByRole("heading", { level: 1 }));
}

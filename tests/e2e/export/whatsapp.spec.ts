import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { WA_LINK_MAX } from "../../../app/features/export/links";
import {
  desktop,
  hidden,
  pathOf,
  phone,
  scanAccessibility,
  useBrowser,
  visible,
  type Session,
} from "../../support/e2e";
import { createListCopy, registerCustomer, uniqueName } from "../prices/fixtures";

const { session } = useBrowser();

const SCREEN = "/exportlistswhatsapp";
const DATA = "/exportlistswhatsapp/data";
const COMPANY = "Pompano Fresh Produce";
const ANY_CHAT = "https://wa.me/?text=";

/** The screen's own calls to its JSON endpoint with one method; any other request goes on untouched. */
async function interceptData(page: Page, method: "GET" | "POST", handle: (route: Route) => Promise<void>) {
  await page.route(
    (url) => url.pathname === DATA,
    (route) => (route.request().method() === method ? handle(route) : route.fallback()),
  );
}

/** Generates the message with the options on screen and answers the summary line it shows. */
async function generate(page: Page, button = "Generate message") {
  await page.getByRole("button", { name: button }).click();
  return (await visible(page.getByText(/^(Products|Productos): \d+ · /))).innerText();
}

/** Chooses a list in the screen's select and waits until its options are the ones shown. */
async function chooseList(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Price list" }).selectOption({ label });
  await page.waitForFunction(() => new URLSearchParams(location.search).has("list"));
}

async function readClipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Records the URLs the page opens instead of opening them: a test cannot follow a wa.me link. */
async function recordOpenedWindows(s: Session) {
  await s.page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { openedUrls: opened });
    window.open = ((url?: string | URL) => {
      opened.push(String(url));
      return null;
    }) as typeof window.open;
  });
  return () => s.page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
}

async function allowClipboard(s: Session) {
  await s.context.grantPermissions(["clipboard-read", "clipboard-write"]);
}

/** A list with no product in it, made through the list screen's form action as a seller's browser posts it. */
async function createEmptyList(s: Session, name: string) {
  const res = await s.page.request.post("/prices-manage", {
    form: { intent: "create", name, source: "", adjustmentType: "none" },
  });
  if (res.status() !== 200) throw new Error(`creating ${name} answered ${res.status()}`);
  await s.goto(SCREEN, { axe: false });
  await chooseList(s.page, name);
  return new URL(s.page.url()).searchParams.get("list")!;
}

/**
 * A new customer who verifies a mobile number on their profile with the code an admin reads in the
 * mail outbox (no SMS provider is configured): the way a buyer's number reaches the send-to list.
 */
async function customerWithPhone(customer: Session, admin: Session) {
  const name = uniqueName("Chef");
  const email = `${name.replace(/\W+/g, ".").toLowerCase()}@example.test`;
  const number = `+1954555${String(Date.now() % 10_000).padStart(4, "0")}`;
  await registerCustomer(customer, name, email);
  await customer.goto("/profile", { axe: false });
  await customer.page.getByLabel("Mobile number").fill(number);
  await customer.page.getByRole("button", { name: "Send code" }).click();
  await visible(customer.page.getByText(/We sent a 6-digit code by text message/));
  await admin.goto("/manage-users?view=outbox", { axe: false });
  const body = await admin.page.getByRole("row").filter({ hasText: number }).first().locator("pre").textContent();
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${number} in the outbox`);
  await customer.page.getByLabel("Verification code").fill(code);
  await customer.page.getByRole("button", { name: "Verify number" }).click();
  await visible(customer.page.getByText("Your phone number was verified. You can now sign in with it."));
  return { name, number };
}

describe("the WhatsApp export screen", () => {
  it("generates a seller's list as WhatsApp shows it, copies it whole and keeps the saved options", async () => {
    const s = await session({ as: "seller", viewport: desktop });
    await allowClipboard(s);
    const name = uniqueName("WhatsApp");
    const slug = await createListCopy(s, name);
    await s.goto(SCREEN);
    await visible(s.page.getByRole("heading", { level: 1, name: "Create WhatsApp List" }));
    await chooseList(s.page, name);
    expect(pathOf(s.page)).toBe(`${SCREEN}?list=${slug}`);

    const summary = await generate(s.page);
    const [, length] = summary.match(/· parts: 1 · characters: (\d{1,3}(?:,\d{3})*)$/) ?? [];
    expect(length, summary).toBeDefined();
    const preview = s.page.getByRole("region", { name: "Message" });
    await visible(preview.getByRole("heading", { name: `${length} characters` }));
    // The markers are gone and the title is drawn bold, as WhatsApp draws *…*.
    const title = await visible(preview.getByText(`${COMPANY} — ${name}`, { exact: true }));
    expect(Number(await title.evaluate((e) => getComputedStyle(e).fontWeight))).toBeGreaterThanOrEqual(700);
    await visible(preview.getByText("Prices subject to change", { exact: true }));

    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    await visible(s.page.getByText("Copied to clipboard!"));
    const copied = await readClipboard(s.page);
    expect(copied.startsWith(`*${COMPANY} — ${name}*\n`)).toBe(true);
    expect(copied).toHaveLength(Number(length.replaceAll(",", "")));
    expect(copied.endsWith("_Prices subject to change_")).toBe(true);

    const greeting = "Good morning! Fresh from the farm today:";
    await s.page.getByLabel("Greeting line").fill(greeting);
    await s.page.getByRole("button", { name: "Save options" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.reload();
    await s.hydrated();
    expect(await s.page.getByRole("combobox", { name: "Price list" }).inputValue()).toBe(slug);
    expect(await s.page.getByLabel("Greeting line").inputValue()).toBe(greeting);
  });

  it("sends a message that fits by a wa.me link, and copies one too long for a link before opening an empty chat", async () => {
    const s = await session({ as: "seller", viewport: desktop });
    await allowClipboard(s);
    const name = uniqueName("WhatsApp link");
    const slug = await createListCopy(s, name);
    const opened = await recordOpenedWindows(s);
    await s.goto(`${SCREEN}?list=${slug}`, { axe: false });
    const send = s.page.getByRole("button", { name: "Send by WhatsApp" });

    // One category makes a short message.
    for (const category of ["Dry Produce", "Fruits", "Others", "Uncategorized", "Vegetables"]) {
      await s.page.getByRole("checkbox", { name: category, exact: true }).uncheck();
    }
    expect(await generate(s.page)).toMatch(/· parts: 1 · /);
    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    await visible(s.page.getByText("Copied to clipboard!"));
    const short = await readClipboard(s.page);
    expect(short).toContain("🌿 *Herbs*");
    await send.click();
    await s.page.waitForFunction(() => (window as unknown as { openedUrls: string[] }).openedUrls.length === 1);
    const [link] = await opened();
    expect(link.startsWith(ANY_CHAT)).toBe(true);
    expect(link.length).toBeLessThanOrEqual(WA_LINK_MAX);
    expect(decodeURIComponent(link.slice(ANY_CHAT.length))).toBe(short);

    // The whole list fits one message, but its bullets, dashes and spaces take three to nine
    // characters each in a link: far over the limit.
    for (const category of ["Dry Produce", "Fruits", "Others", "Uncategorized", "Vegetables"]) {
      await s.page.getByRole("checkbox", { name: category, exact: true }).check();
    }
    expect(await generate(s.page)).toMatch(/· parts: 1 · /);
    await send.click();
    await visible(
      s.page.getByText("This part is too long for a WhatsApp link: it was copied. Paste it in the chat that opens."),
    );
    expect(await opened()).toEqual([link, "https://wa.me/"]);
    const long = await readClipboard(s.page);
    expect(long.startsWith(`*${COMPANY} — ${name}*\n`)).toBe(true);
    expect(long).toContain("🍎 *Fruits*");
    expect(ANY_CHAT.length + encodeURIComponent(long).length).toBeGreaterThan(WA_LINK_MAX);
  });

  it("sends to a customer's verified number through a wa.me link to that number", async () => {
    const chef = await customerWithPhone(await session(), await session({ as: "admin" }));
    const s = await session({ as: "seller" });
    const name = uniqueName("WhatsApp chef");
    const slug = await createListCopy(s, name);
    const opened = await recordOpenedWindows(s);
    await s.goto(`${SCREEN}?list=${slug}`, { axe: false });
    for (const category of ["Dry Produce", "Fruits", "Others", "Uncategorized", "Vegetables"]) {
      await s.page.getByRole("checkbox", { name: category, exact: true }).uncheck();
    }
    await generate(s.page);
    await s.page.getByRole("combobox", { name: "Send to" }).selectOption({ label: `${chef.name} (${chef.number})` });
    await s.page.getByRole("button", { name: "Send by WhatsApp" }).click();
    await s.page.waitForFunction(() => (window as unknown as { openedUrls: string[] }).openedUrls.length === 1);
    const [link] = await opened();
    expect(link.startsWith(`https://wa.me/${chef.number.slice(1)}?text=`)).toBe(true);
    expect(decodeURIComponent(link.split("?text=")[1])).toContain("🌿 *Herbs*");
  });

  it("hands the message to the phone's share sheet on a touch screen", async () => {
    const s = await session({ as: "seller", viewport: phone, touch: true });
    await s.page.addInitScript(() => {
      const shared: string[] = [];
      Object.assign(window, { sharedTexts: shared });
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => void shared.push(data.text ?? ""),
      });
    });
    await s.goto(`${SCREEN}?list=wholesale`, { axe: false });
    expect(await s.page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    await generate(s.page);
    await s.page.getByRole("button", { name: "Send by WhatsApp" }).click();
    await s.page.waitForFunction(() => (window as unknown as { sharedTexts: string[] }).sharedTexts.length === 1);
    const [text] = await s.page.evaluate(() => (window as unknown as { sharedTexts: string[] }).sharedTexts);
    expect(text.startsWith(`*${COMPANY} — Wholesale*`)).toBe(true);
    expect(text.endsWith("_Prices subject to change_")).toBe(true);
  });

  it("selects the text for a copy by hand when the browser refuses the clipboard", async () => {
    const s = await session({ as: "seller" });
    await s.page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await s.goto(`${SCREEN}?list=wholesale`, { axe: false });
    await generate(s.page);
    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    await visible(s.page.getByText("Failed to copy."));
    const manual = await visible(s.page.getByRole("textbox", { name: "Message text, selected to copy" }));
    expect(
      await manual.evaluate(
        (e: HTMLTextAreaElement) =>
          document.activeElement === e && e.selectionStart === 0 && e.selectionEnd === e.value.length,
      ),
    ).toBe(true);
    expect(await manual.inputValue()).toMatch(/^\*Pompano Fresh Produce — Wholesale\*\n/);
  });

  it("has nothing to copy or send from a list without prices", async () => {
    const s = await session({ as: "seller" });
    await createEmptyList(s, uniqueName("WhatsApp empty"));
    expect(await generate(s.page)).toMatch(/^Products: 0 · parts: 1 · /);
    await visible(
      s.page.getByText("No product of this list has a price with these options, so there is nothing to send."),
    );
    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    await visible(s.page.getByText("Nothing to copy."));
    await s.page.getByRole("button", { name: "Send by WhatsApp" }).click();
    // The notice is said again in its place, never stacked.
    await visible(s.page.getByText("Nothing to copy."));
    expect(await s.page.getByText("Nothing to copy.").count()).toBe(1);
    expect(await s.page.getByText("Copied to clipboard!").count()).toBe(0);
  });

  it("asks for a message before copying, and for a list before generating", async () => {
    const s = await session({ as: "seller" });
    await s.goto(`${SCREEN}?list=wholesale`, { axe: false });
    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    await visible(s.page.getByText("Please generate a message first."));
    // Once a message is generated, the notice that asked for it goes.
    await generate(s.page);
    await hidden(s.page.getByText("Please generate a message first."));

    // No category ticked: nothing to send, said before anything is sent.
    for (const box of await s.page.getByRole("group", { name: "Categories to include" }).getByRole("checkbox").all()) {
      await box.uncheck();
    }
    await s.page.getByRole("button", { name: "Generate message" }).click();
    await visible(s.page.getByText("Choose at least one category."));

    // Without a list the screen says so, and the endpoint refuses such a form too.
    await s.page.getByRole("combobox", { name: "Price list" }).selectOption("");
    await s.page.getByRole("button", { name: "Generate message" }).click();
    await visible(s.page.getByText("Export requires a selected price list."));
    const res = await s.page.request.post(DATA, {
      form: { intent: "generate", lang: "en", onlyAvailable: "on", greeting: "", closing: "" },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, message: "Export requires a selected price list." });
  });

  it("says when generating fails or the server answers no message", async () => {
    const s = await session({ as: "seller" });
    s.allowConsole(/Failed to load resource: net::ERR_FAILED/);
    await s.goto(`${SCREEN}?list=wholesale`, { axe: false });
    await interceptData(s.page, "POST", (route) => route.abort());
    await s.page.getByRole("button", { name: "Generate message" }).click();
    await visible(s.page.getByText("Failed to generate WhatsApp message."));

    await s.page.unrouteAll();
    await interceptData(s.page, "POST", (route) =>
      route.fulfill({
        json: { ok: true, kind: "message", parts: [], length: 0, counts: { products: 0, up: 0, down: 0 } },
      }),
    );
    await s.page.getByRole("button", { name: "Generate message" }).click();
    await visible(s.page.getByText("No message received from server."));
    expect(await s.page.getByText("Failed to generate WhatsApp message.").count()).toBe(0);
    await visible(s.page.getByText("Generate the message to see it here as WhatsApp shows it."));
  });

  it("says when the chosen list cannot be fetched, by a dropped connection or an error answer", async () => {
    const s = await session({ as: "seller" });
    s.allowConsole(/Failed to load resource: (net::ERR_FAILED|the server responded with a status of 500)/);
    await s.goto(`${SCREEN}?list=wholesale`, { axe: false });
    const select = s.page.getByRole("combobox", { name: "Price list" });

    await interceptData(s.page, "GET", (route) => route.abort());
    await select.selectOption("restaurants");
    await visible(s.page.getByText("An error occurred while fetching price lists."));

    await s.page.unrouteAll();
    await interceptData(s.page, "GET", (route) => route.fulfill({ status: 500, json: { ok: false, message: "x" } }));
    await select.selectOption("customers");
    await visible(s.page.getByText("Failed to fetch price lists."));
    expect(await s.page.getByText("An error occurred while fetching price lists.").count()).toBe(0);
  });

  it("works in Spanish on a phone in the dark, without scrolling sideways", async () => {
    const name = uniqueName("WhatsApp es");
    const slug = await createListCopy(await session({ as: "admin" }), name);
    const s = await session({ as: "admin", lang: "es", viewport: phone, colorScheme: "dark", theme: "dark" });
    await s.goto(`${SCREEN}?list=${slug}`);
    await visible(s.page.getByRole("heading", { level: 1, name: "Crear lista de WhatsApp" }));
    expect(await s.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await s.page.getByRole("combobox", { name: "Idioma del mensaje" }).selectOption({ label: "Español" });
    expect(await generate(s.page, "Generar mensaje")).toMatch(
      /^Productos: \d+ · partes: 1 · caracteres: \d{1,3}(,\d{3})*$/,
    );
    const preview = s.page.getByRole("region", { name: "Mensaje" });
    await visible(preview.getByText(`${COMPANY} — ${name}`, { exact: true }));
    await visible(preview.getByText("Precios sujetos a cambio", { exact: true }));
    await visible(preview.getByRole("button", { name: "Enviar por WhatsApp" }));
    // The message's long lines wrap inside the preview instead of widening the page.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await scanAccessibility(s.page);
  });

  it("sends a customer to /unauthorized", async () => {
    const s = await session({ as: "customer" });
    await s.goto(SCREEN, { axe: false });
    expect(pathOf(s.page)).toBe("/unauthorized");
    await visible(s.page.getByRole("heading", { level: 1, name: "You do not have access to this page" }));
  });
});

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../support/postgres-server";
import { startAppServer, type AppServer } from "../../support/server";
import { useBrowser, visible } from "../../support/e2e";

/**
 * The contact form against a server of its own on PostgreSQL, so the test can read what was
 * stored and make the database fail while the server runs (PGlite admits one process).
 */
let postgres: PostgresServer;
let app: AppServer;
let db: pg.Client;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("create database contact");
  await admin.end();
  app = await startAppServer({ databaseUrl: postgres.url("contact"), trustProxy: true });
  db = new pg.Client({ connectionString: postgres.url("contact") });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await db?.end();
  // The failure test makes the server log its one expected error.
  const errors = (app?.errors() ?? []).filter((line) => !line.includes("saving a contact request failed"));
  await app?.stop();
  await postgres?.stop();
  expect(errors).toEqual([]);
});

const { session } = useBrowser();

async function counts() {
  const { rows } = await db.query<{ requests: number; mail: number }>(
    "select (select count(*) from contact_request)::int as requests, (select count(*) from mail_outbox where kind = 'contact')::int as mail",
  );
  return rows[0];
}

async function fillForm(page: import("playwright-core").Page, name: string, lang: "en" | "es") {
  const es = lang === "es";
  await page.getByLabel(es ? "Nombre completo" : "Full name", { exact: true }).fill(name);
  await page.getByLabel(es ? "Correo electrónico" : "Email", { exact: true }).fill("buyer@example.test");
  await page
    .getByLabel(es ? "Motivo de contacto" : "Contact reason", { exact: true })
    .selectOption("delivery_question");
  await page.getByLabel(es ? "Mensaje" : "Message", { exact: true }).fill("Do you deliver to Boca Raton before 7 AM?");
}

describe("the contact form on PostgreSQL", () => {
  it("stores one request and queues one message for staff", async () => {
    const before = await counts();
    const s = await session({ baseURL: app.url });
    await s.goto("/contact", { axe: false });
    await fillForm(s.page, "Dora Delivery", "en");
    await s.page.getByRole("button", { name: "Send message" }).click();
    await visible(s.page.getByText("Thank you, your message has been sent."));
    expect(await counts()).toEqual({ requests: before.requests + 1, mail: before.mail + 1 });
    const { rows } = await db.query(
      "select full_name, reason, message from contact_request order by created_at desc limit 1",
    );
    expect(rows[0]).toEqual({
      full_name: "Dora Delivery",
      reason: "delivery_question",
      message: "Do you deliver to Boca Raton before 7 AM?",
    });
  });

  it.each(["en", "es"] as const)(
    "gives the server-side failure, with the phone number, and stores nothing when the database fails (%s)",
    async (lang) => {
      const before = await counts();
      const s = await session({ baseURL: app.url, lang });
      s.allowConsole(/status of 500/);
      await s.goto("/contact", { axe: false });
      await db.query(`create or replace function fail_contact() returns trigger language plpgsql as $$
        begin raise exception 'contact refused'; end $$`);
      await db.query(
        "create trigger fail_contact before insert on contact_request for each row execute function fail_contact()",
      );
      try {
        await fillForm(s.page, "Fran Failure", lang);
        await s.page.getByRole("button", { name: lang === "es" ? "Enviar mensaje" : "Send message" }).click();
        const alert = s.page.getByRole("alert").filter({
          hasText:
            lang === "es"
              ? "Nuestro servidor no pudo procesar su mensaje. Inténtelo de nuevo en unos minutos o llámenos al"
              : "Our server could not process your message. Please try again in a few minutes, or call us at",
        });
        await visible(alert);
        expect(await alert.getByRole("link").getAttribute("href")).toMatch(/^tel:\+?\d{10,}$/);
        expect(await s.page.locator("main").innerText()).not.toMatch(/contact refused|sql|stack/i);
        await s.scan();
      } finally {
        await db.query("drop trigger fail_contact on contact_request");
        await db.query("drop function fail_contact()");
      }
      expect(await counts()).toEqual(before);

      // Once the database is back, sending again works.
      await s.page.getByRole("button", { name: lang === "es" ? "Enviar mensaje" : "Send message" }).click();
      await visible(
        s.page.getByText(
          lang === "es" ? "Gracias, su mensaje ha sido enviado." : "Thank you, your message has been sent.",
        ),
      );
      expect(await counts()).toEqual({ requests: before.requests + 1, mail: before.mail + 1 });
    },
  );
});

import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { config } from "../../app/config.server";
import { db } from "../../app/db/client.server";
import { contactRequest, mailOutbox } from "../../app/db/schema";
import type { ContactActionData } from "../../app/features/contact/failure";
import { contactErrors } from "../../app/features/contact/fields";
import type { ContactInput } from "../../app/features/contact/schema";
import { composeContactMail } from "../../app/features/contact/submit-contact.server";
import type { Lang } from "../../app/i18n/config";
import { action, loader } from "../../app/routes/contact";
import { callRoute, formRequest, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const valid = {
  fullName: "Rosa Martínez",
  email: "Rosa@Example.test",
  phone: "(954) 555-0199",
  company: "La Cocina Café",
  reason: "request_price_list",
  purchaseSize: "1000_2500",
  message: "Please send your weekly price list. We buy avocados and limes.",
  website: "",
};

async function send(
  fields: Record<string, string | undefined>,
  { lang = "en" as Lang, clientIp = undefined as string | undefined } = {},
) {
  return callRoute<ContactActionData>(action, formRequest("/contact", fields), routeContext({ lang, clientIp }));
}

async function stored() {
  const requests = await db().select().from(contactRequest);
  const mail = await db().select().from(mailOutbox);
  return { requests, mail };
}

beforeEach(async () => {
  await db().execute(sql`delete from contact_request`);
  await db().execute(sql`delete from mail_outbox`);
  await db().execute(sql`delete from rate_limit`);
});

describe(`the contact form (${test.kind})`, () => {
  it("stores the request and queues one message to the staff address, in plain text", async () => {
    const result = await send(valid, { clientIp: "203.0.113.7" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    const { requests, mail } = await stored();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      fullName: "Rosa Martínez",
      email: "rosa@example.test",
      phone: "(954) 555-0199",
      company: "La Cocina Café",
      reason: "request_price_list",
      purchaseSize: "1000_2500",
      message: valid.message,
      locale: "en",
      clientIp: "203.0.113.7",
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: "contact",
      channel: "email",
      status: "pending",
      recipient: config().STAFF_EMAIL ?? config().COMPANY_EMAIL,
      subject: "Contact request: Request a price list from Rosa Martínez",
    });
    expect(mail[0].body).toContain("Full name: Rosa Martínez");
    expect(mail[0].body).toContain("Estimated purchase size (optional): $1,000 to $2,500");
    expect(mail[0].body.endsWith(valid.message)).toBe(true);
  });

  it("writes the notification in the staff's language, naming the visitor's, and leaves optional fields out", async () => {
    const result = await send(
      { ...valid, phone: "", company: "  ", purchaseSize: "", reason: "account_setup" },
      { lang: "es" },
    );
    expect(result.data).toEqual({ ok: true });
    const { requests, mail } = await stored();
    expect(requests[0]).toMatchObject({ phone: null, company: null, purchaseSize: null, locale: "es" });
    expect(config().STAFF_LANG).toBe("en");
    expect(mail[0].subject).toBe("Contact request: Set up an account from Rosa Martínez");
    expect(mail[0].body).toContain("Phone (optional): (not given)");
    expect(mail[0].body).toContain("Language: Spanish");
  });

  it("writes it in Spanish for Spanish-reading staff, whatever the visitor's language", () => {
    const mail = composeContactMail(
      { ...valid, phone: undefined, reason: "account_setup" } as ContactInput,
      "en",
      "es",
    );
    expect(mail.subject).toBe("Solicitud de contacto: Abrir una cuenta de Rosa Martínez");
    expect(mail.body).toContain("Teléfono (opcional): (no indicado)");
    expect(mail.body).toContain("Idioma: inglés");
  });

  it("passes on a message written in a third language as typed", async () => {
    const message = "Bonjou, mwen bezwen pri zaboka ak sitwon pou restoran mwen. 我们需要每周的价格表。";
    expect((await send({ ...valid, fullName: "Jean-Baptiste Louis", message }, { lang: "en" })).data).toEqual({
      ok: true,
    });
    const { requests, mail } = await stored();
    expect(requests[0].message).toBe(message);
    expect(mail[0].body.endsWith(message)).toBe(true);
  });

  it("keeps script tags as plain text: stored and sent as typed, never as markup", async () => {
    const message = `<script>alert("x")</script> <img src=x onerror=alert(1)> please call`;
    expect((await send({ ...valid, message })).data).toEqual({ ok: true });
    const { requests, mail } = await stored();
    expect(requests[0].message).toBe(message);
    expect(mail[0].body).toContain(message);
  });

  it.each([
    [{ fullName: "" }, { fullName: contactErrors.fullNameRequired }],
    [{ fullName: undefined }, { fullName: contactErrors.fullNameRequired }],
    [{ fullName: "n".repeat(101) }, { fullName: contactErrors.fullNameTooLong }],
    [{ fullName: "<b>Rosa</b>" }, { fullName: contactErrors.fullNameInvalid }],
    [{ email: "" }, { email: contactErrors.emailRequired }],
    [{ email: "rosa@" }, { email: contactErrors.invalidEmail }],
    [{ email: `${"r".repeat(250)}@example.test` }, { email: contactErrors.emailTooLong }],
    [{ phone: "call me maybe" }, { phone: contactErrors.phoneInvalid }],
    [{ phone: "9".repeat(33) }, { phone: contactErrors.phoneTooLong }],
    [{ company: "c".repeat(121) }, { company: contactErrors.companyTooLong }],
    [{ reason: "" }, { reason: contactErrors.reasonRequired }],
    [{ reason: "free_samples" }, { reason: contactErrors.reasonRequired }],
    [{ purchaseSize: "one_million" }, { purchaseSize: contactErrors.purchaseSizeInvalid }],
    [{ message: "" }, { message: contactErrors.messageRequired }],
    [{ message: "short" }, { message: contactErrors.messageTooShort }],
    [{ message: "m".repeat(10_000) }, { message: contactErrors.messageTooLong }],
  ])("refuses %o with its message and stores nothing", async (change, fieldErrors) => {
    const result = await send({ ...valid, ...change });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, fieldErrors });
    const body = result.data as Extract<ContactActionData, { ok: false }>;
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(Object.keys(fieldErrors));
    // What was typed comes back (capped) so nothing has to be typed again.
    expect(body.values?.message?.length).toBeLessThanOrEqual(5000);
    const { requests, mail } = await stored();
    expect(requests).toHaveLength(0);
    expect(mail).toHaveLength(0);
  });

  it("answers a filled honeypot as a success and keeps nothing", async () => {
    const result = await send({ ...valid, website: "https://spam.example" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    const { requests, mail } = await stored();
    expect(requests).toHaveLength(0);
    expect(mail).toHaveLength(0);
  });

  it("refuses a flood from one address with 429 after five messages", async () => {
    const clientIp = "198.51.100.23";
    for (let i = 0; i < 5; i++) {
      expect((await send(valid, { clientIp })).status).toBe(200);
    }
    const refused = await send(valid, { clientIp });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, failure: "rateLimited" });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await stored()).requests).toHaveLength(5);
    // Another address is not held back.
    expect((await send(valid, { clientIp: "198.51.100.24" })).status).toBe(200);
  });

  it("gives the server-side failure and writes nothing when the database fails mid-way", async () => {
    await db().execute(sql`create function fail_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused'; end $$`);
    await db().execute(
      sql`create trigger fail_outbox before insert on mail_outbox for each row execute function fail_outbox()`,
    );
    let result;
    try {
      result = await send(valid);
    } finally {
      await db().execute(sql`drop trigger fail_outbox on mail_outbox`);
      await db().execute(sql`drop function fail_outbox()`);
    }
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({ ok: false, failure: "server", values: { fullName: "Rosa Martínez" } });
    expect(JSON.stringify(result.data)).not.toMatch(/outbox refused|mail_outbox|sql/i);
    const { requests, mail } = await stored();
    expect(requests).toHaveLength(0);
    expect(mail).toHaveLength(0);
  });

  it("preselects a reason named in the URL and ignores any other value", async () => {
    const load = async (search: string) =>
      (await callRoute<{ defaultReason: string | null }>(loader, getRequest(`/contact${search}`), routeContext())).data;
    expect(await load("?reason=check_availability")).toEqual({ defaultReason: "check_availability" });
    expect(await load("?reason=<script>")).toEqual({ defaultReason: null });
    expect(await load("")).toEqual({ defaultReason: null });
  });
});

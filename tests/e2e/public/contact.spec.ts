import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, visible, type Lang } from "../../support/e2e";

const { session } = useBrowser();

const labels = {
  en: {
    heading: "Contact us",
    fullName: "Full name",
    email: "Email",
    phone: "Phone (optional)",
    company: "Company (optional)",
    reason: "Contact reason",
    size: "Estimated purchase size (optional)",
    message: "Message",
    submit: "Send message",
    success: "Thank you, your message has been sent.",
    fix: "Please correct the fields marked below.",
  },
  es: {
    heading: "Contacto",
    fullName: "Nombre completo",
    email: "Correo electrónico",
    phone: "Teléfono (opcional)",
    company: "Empresa (opcional)",
    reason: "Motivo de contacto",
    size: "Volumen de compra estimado (opcional)",
    message: "Mensaje",
    submit: "Enviar mensaje",
    success: "Gracias, su mensaje ha sido enviado.",
    fix: "Corrija los campos indicados abajo.",
  },
} as const;

const messages = {
  en: {
    fullNameRequired: "Name is required",
    fullNameInvalid: "Name can contain letters, numbers, spaces and . , ' - &",
    emailRequired: "Email is required",
    invalidEmail: "Invalid email format",
    phoneInvalid: "Invalid phone number. Example: (954) 555-0142",
    reasonRequired: "Choose a contact reason",
    messageRequired: "Message is required",
    messageTooShort: "Message must be at least 10 characters",
  },
  es: {
    fullNameRequired: "El nombre es obligatorio",
    fullNameInvalid: "El nombre puede contener letras, números, espacios y . , ' - &",
    emailRequired: "El correo electrónico es obligatorio",
    invalidEmail: "Formato de correo electrónico no válido",
    phoneInvalid: "Número de teléfono no válido. Ejemplo: (954) 555-0142",
    reasonRequired: "Elija un motivo de contacto",
    messageRequired: "El mensaje es obligatorio",
    messageTooShort: "El mensaje debe tener al menos 10 caracteres",
  },
} as const;

type Fields = {
  fullName?: string;
  email?: string;
  phone?: string;
  company?: string;
  reason?: string;
  size?: string;
  message?: string;
};

async function fill(page: Page, lang: Lang, fields: Fields) {
  const l = labels[lang];
  const field = (label: string) => page.getByLabel(label, { exact: true });
  if (fields.fullName !== undefined) await field(l.fullName).fill(fields.fullName);
  if (fields.email !== undefined) await field(l.email).fill(fields.email);
  if (fields.phone !== undefined) await field(l.phone).fill(fields.phone);
  if (fields.company !== undefined) await field(l.company).fill(fields.company);
  if (fields.reason !== undefined) await field(l.reason).selectOption(fields.reason);
  if (fields.size !== undefined) await field(l.size).selectOption(fields.size);
  if (fields.message !== undefined) await field(l.message).fill(fields.message);
}

/** The error text a field points to with aria-describedby. */
async function fieldError(page: Page, label: string) {
  const control = page.getByLabel(label, { exact: true });
  const id = await control.getAttribute("aria-describedby");
  if (!id) return null;
  return page.locator(`[id="${id}"]`).innerText();
}

const unique = () => `Rosa ${Date.now()}${Math.floor(Math.random() * 1000)}`;

const validFields = (name: string): Fields => ({
  fullName: name,
  email: "rosa@example.test",
  phone: "(954) 555-0199",
  company: "La Cocina Café",
  reason: "purchase_inquiry",
  size: "500_1000",
  message: "We would like 20 cases of limes every week. <script>alert('x')</script>",
});

/** Counts the contact form's posts, so a test can tell a check in the browser from one on the server. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact"))
      posts.push(request.url());
  });
  return posts;
}

describe("the contact page", () => {
  it.each(["en", "es"] as const)(
    "shows the real address with a maps link, phone, e-mail and hours (%s)",
    async (lang) => {
      const s = await session({ lang });
      await s.goto("/contact");
      await visible(s.page.getByRole("heading", { level: 1, name: labels[lang].heading }));
      const details = s.page.locator("main address");
      await visible(details.getByText("1400 SW 1st Ct"));
      await visible(details.getByText("Pompano Beach, FL 33069"));
      const maps = s.page.getByRole("link", {
        name: lang === "en" ? "Open the address in maps" : "Abrir la dirección en mapas",
      });
      expect(await maps.getAttribute("href")).toBe(
        `https://maps.google.com/?q=${encodeURIComponent("1400 SW 1st Ct, Pompano Beach, FL 33069")}`,
      );
      expect(await s.page.locator('main a[href^="tel:"]').first().getAttribute("href")).toMatch(/^tel:\+?\d{10,}$/);
      expect(await s.page.locator('main a[href^="mailto:"]').getAttribute("href")).toMatch(/^mailto:.+@.+/);
      await visible(
        s.page
          .locator("main")
          .getByText(
            lang === "en"
              ? "Monday to Saturday, 4:00 AM to 11:00 AM"
              : "De lunes a sábado, de 4:00 a.m. a 11:00 a.m.",
          ),
      );
      expect(await s.page.locator("main").innerText()).not.toMatch(/lorem|placeholder|your address|123 main/i);
      // The eight reasons and seven sizes, translated.
      expect(await s.page.getByLabel(labels[lang].reason, { exact: true }).locator("option").count()).toBe(9);
      expect(await s.page.getByLabel(labels[lang].size, { exact: true }).locator("option").count()).toBe(8);
    },
  );

  it.each(["en", "es"] as const)("sends a message and says so (%s)", async (lang) => {
    const s = await session({ lang });
    await s.goto("/contact");
    const posts = countPosts(s.page);
    await fill(s.page, lang, validFields(unique()));
    await s.page.getByRole("button", { name: labels[lang].submit }).click();
    await visible(s.page.getByText(labels[lang].success));
    expect(posts).toHaveLength(1);
    await s.scan();
  });

  it.each(["en", "es"] as const)("checks every field in the browser before sending (%s)", async (lang) => {
    const s = await session({ lang });
    await s.goto("/contact");
    const posts = countPosts(s.page);
    const l = labels[lang];
    const m = messages[lang];
    const submit = s.page.getByRole("button", { name: l.submit });

    await submit.click();
    await visible(s.page.getByText(l.fix));
    expect(await fieldError(s.page, l.fullName)).toBe(m.fullNameRequired);
    expect(await fieldError(s.page, l.email)).toBe(m.emailRequired);
    expect(await fieldError(s.page, l.reason)).toBe(m.reasonRequired);
    expect(await fieldError(s.page, l.message)).toBe(m.messageRequired);
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fullName");
    await s.scan();

    await fill(s.page, lang, {
      fullName: "<b>Rosa</b>",
      email: "rosa@",
      phone: "call me",
      reason: "other",
      message: "short",
    });
    await submit.click();
    await s.page.waitForFunction(() => document.activeElement?.getAttribute("name") === "fullName");
    expect(await fieldError(s.page, l.fullName)).toBe(m.fullNameInvalid);
    expect(await fieldError(s.page, l.email)).toBe(m.invalidEmail);
    expect(await fieldError(s.page, l.phone)).toBe(m.phoneInvalid);
    expect(await fieldError(s.page, l.reason)).toBeNull();
    expect(await fieldError(s.page, l.message)).toBe(m.messageTooShort);
    expect(posts).toHaveLength(0);

    await fill(s.page, lang, validFields(unique()));
    await submit.click();
    await visible(s.page.getByText(l.success));
    expect(posts).toHaveLength(1);
  });

  it.each(["en", "es"] as const)("checks every field on the server without JavaScript (%s)", async (lang) => {
    const s = await session({ lang, javaScriptEnabled: false });
    s.allowConsole(/status of 400/);
    await s.goto("/contact");
    const l = labels[lang];
    const m = messages[lang];
    await s.page.getByRole("button", { name: l.submit }).click();
    await visible(s.page.getByText(l.fix));
    expect(await fieldError(s.page, l.fullName)).toBe(m.fullNameRequired);
    expect(await fieldError(s.page, l.email)).toBe(m.emailRequired);
    expect(await fieldError(s.page, l.reason)).toBe(m.reasonRequired);
    expect(await fieldError(s.page, l.message)).toBe(m.messageRequired);
    await s.scan();

    await fill(s.page, lang, {
      fullName: "<b>Rosa</b>",
      email: "rosa@",
      phone: "call me",
      reason: "other",
      message: "short",
    });
    await s.page.getByRole("button", { name: l.submit }).click();
    await visible(s.page.getByText(l.fix));
    expect(await fieldError(s.page, l.fullName)).toBe(m.fullNameInvalid);
    expect(await fieldError(s.page, l.email)).toBe(m.invalidEmail);
    expect(await fieldError(s.page, l.phone)).toBe(m.phoneInvalid);
    expect(await fieldError(s.page, l.message)).toBe(m.messageTooShort);
    // What was typed is kept.
    expect(await s.page.getByLabel(l.email, { exact: true }).inputValue()).toBe("rosa@");

    await fill(s.page, lang, validFields(unique()));
    await s.page.getByRole("button", { name: l.submit }).click();
    await visible(s.page.getByText(l.success));
  });

  it.each(["en", "es"] as const)(
    "tells the visitor to retry or phone when the message cannot leave the browser (%s)",
    async (lang) => {
      const s = await session({ lang });
      s.allowConsole(/Failed to load resource|ERR_FAILED|net::/);
      await s.goto("/contact");
      await s.page.route("**/contact.data*", (route) => route.abort("failed"));
      await fill(s.page, lang, validFields(unique()));
      await s.page.getByRole("button", { name: labels[lang].submit }).click();
      const alert = s.page.getByRole("alert").filter({
        hasText:
          lang === "en"
            ? "Your message could not be sent from your browser. Check your connection and try again, or call us at"
            : "No se pudo enviar su mensaje desde el navegador. Revise su conexión e inténtelo de nuevo, o llámenos al",
      });
      await visible(alert);
      expect(await alert.getByRole("link").getAttribute("href")).toMatch(/^tel:\+?\d{10,}$/);
      // The form and what was typed stay, ready to send again.
      expect(await s.page.getByLabel(labels[lang].message, { exact: true }).inputValue()).toContain(
        "20 cases of limes",
      );
      await s.page.unroute("**/contact.data*");
      await s.page.getByRole("button", { name: labels[lang].submit }).click();
      await visible(s.page.getByText(labels[lang].success));
    },
  );

  it("gives the unknown variant when the answer cannot be read", async () => {
    const s = await session();
    s.allowConsole(/.*/);
    await s.goto("/contact");
    await s.page.route("**/contact.data*", (route) =>
      route.fulfill({ status: 200, contentType: "text/x-script", body: "this is not what the page expects" }),
    );
    await fill(s.page, "en", validFields(unique()));
    await s.page.getByRole("button", { name: "Send message" }).click();
    const alert = s.page.getByRole("alert").filter({
      hasText: "An unknown error occurred and your message may not have been sent. Please try again, or call us at",
    });
    await visible(alert);
    expect(await alert.getByRole("link").getAttribute("href")).toMatch(/^tel:/);
  });

  it("shows staff the message as text, markup and all, in the outbox", async () => {
    const visitor = await session();
    await visitor.goto("/contact", { axe: false });
    const name = unique();
    await fill(visitor.page, "en", validFields(name));
    await visitor.page.getByRole("button", { name: "Send message" }).click();
    await visible(visitor.page.getByText(labels.en.success));

    const admin = await session({ as: "admin" });
    let dialogs = 0;
    admin.page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await admin.goto("/manage-users?view=outbox", { axe: false });
    const row = admin.page.getByRole("row").filter({ hasText: `Contact request: Purchase inquiry from ${name}` });
    await visible(row);
    await row.locator("summary").click();
    await visible(row.getByText("<script>alert('x')</script>", { exact: false }));
    expect(await row.locator("script").count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

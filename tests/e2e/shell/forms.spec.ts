import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { phone, useBrowser, visible, type Session } from "../../support/e2e";
import { nextClientAddress } from "../../support/server";

/**
 * Every form speaks the site's language: no browser bubble ("Please fill out this field.") on a
 * Spanish page, the site's own message instead, the first field to fix focused and, on a phone,
 * brought into view (useFormFeedback, and the lint rule that puts noValidate on every form).
 */
const { session } = useBrowser();

async function spanishPhone(as: "anonymous" | "customer" | "seller" | "admin") {
  const s = await session({ as, lang: "es", viewport: phone, touch: true });
  s.allowConsole(/status of 400/);
  // The sign-in, registration, reset and contact forms count attempts per address.
  await s.context.setExtraHTTPHeaders({ "x-forwarded-for": nextClientAddress() });
  return s;
}

/** Every form on the page leaves checking to the site. */
async function everyFormHasNoValidate(page: Page) {
  const checked = await page.$$eval("form", (forms) =>
    forms.filter((f) => !f.noValidate).map((f) => f.outerHTML.slice(0, 160)),
  );
  expect(checked, "forms without noValidate").toEqual([]);
}

async function isFocused(field: Locator) {
  return field.evaluate((el) => el === document.activeElement);
}

async function isInView(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
}

/**
 * Sends a form as it is and checks what follows: the site's message in Spanish, no native check
 * in the way (the form has noValidate and the answer came), and the first field to fix focused,
 * in view on the phone's screen.
 */
async function sendAndCheck(
  s: Session,
  { submit, message, firstInvalid }: { submit: Locator; message: string; firstInvalid: Locator },
) {
  expect(await submit.evaluate((b) => (b as HTMLButtonElement).form?.noValidate)).toBe(true);
  await submit.click();
  await visible(s.page.getByText(message, { exact: true }).first());
  await s.page.waitForFunction((el) => el === document.activeElement, await firstInvalid.elementHandle());
  expect(await firstInvalid.getAttribute("aria-invalid")).toBe("true");
  expect(await isInView(firstInvalid)).toBe(true);
  expect(await s.page.evaluate(() => document.body.innerText)).not.toMatch(/Please fill|Completa este campo/);
}

describe("forms in Spanish on a phone", () => {
  it("sign-in, registration, forgotten password and contact answer in Spanish and focus the first field", async () => {
    const s = await spanishPhone("anonymous");

    await s.goto("/login");
    await everyFormHasNoValidate(s.page);
    await sendAndCheck(s, {
      submit: s.page.getByRole("button", { name: "Iniciar sesión", exact: true }),
      message: "El correo electrónico o el teléfono es obligatorio",
      firstInvalid: s.page.getByLabel("Correo electrónico o teléfono"),
    });

    await s.goto("/register");
    await everyFormHasNoValidate(s.page);
    await sendAndCheck(s, {
      submit: s.page.getByRole("button", { name: "Crear cuenta" }),
      message: "El nombre es obligatorio",
      firstInvalid: s.page.getByLabel("Nombre completo"),
    });
    // With the name right, the next wrong field is the one focused.
    await s.page.getByLabel("Nombre completo").fill("Ana Pérez");
    await s.page.getByLabel("Correo electrónico o teléfono").fill("555-0142");
    await sendAndCheck(s, {
      submit: s.page.getByRole("button", { name: "Crear cuenta" }),
      message: "Número de teléfono no válido. Ejemplo: (954) 555-0142, o +34 612 345 678 fuera de EE. UU.",
      firstInvalid: s.page.getByLabel("Correo electrónico o teléfono"),
    });

    await s.goto("/forgot-password");
    await everyFormHasNoValidate(s.page);
    await sendAndCheck(s, {
      submit: s.page.getByRole("button", { name: "Enviar enlace" }),
      message: "El correo electrónico es obligatorio",
      firstInvalid: s.page.getByLabel("Correo electrónico"),
    });
    // A success is said where the person is looking.
    await s.page.getByLabel("Correo electrónico").fill("nadie@example.test");
    await s.page.getByRole("button", { name: "Enviar enlace" }).click();
    const sent = s.page.getByText(/^Si existe una cuenta con ese correo electrónico/);
    await visible(sent);
    expect(await isInView(sent)).toBe(true);

    await s.goto("/contact");
    await everyFormHasNoValidate(s.page);
    const contact = s.page.getByRole("form", { name: "Envíenos un mensaje" });
    await sendAndCheck(s, {
      submit: contact.getByRole("button", { name: "Enviar mensaje" }),
      message: "El nombre es obligatorio",
      firstInvalid: contact.getByLabel("Nombre completo"),
    });
    await visible(contact.getByText("Corrija los campos indicados abajo."));
  });

  it("the profile's password form and the assistant's rename answer in Spanish", async () => {
    const s = await spanishPhone("customer");
    await s.goto("/profile");
    await everyFormHasNoValidate(s.page);
    const password = s.page.getByRole("region", { name: "Cambiar contraseña" });
    await sendAndCheck(s, {
      submit: password.getByRole("button", { name: "Cambiar contraseña" }),
      message: "La contraseña actual es obligatoria",
      firstInvalid: password.getByLabel("Contraseña actual"),
    });

    await s.goto("/ai");
    await everyFormHasNoValidate(s.page);
    await s.page.getByLabel("Su mensaje").fill("precio del aguacate");
    await s.page.getByLabel("Su mensaje").press("Enter");
    await s.page.waitForURL(/\/ai\?c=/);
    await s.page.waitForFunction(() => !document.querySelector("article[aria-busy='true']"));
    const nav = s.page.getByRole("navigation", { name: "Conversaciones" });
    // On a phone the list folds away above the conversation.
    await nav.getByRole("button", { name: /conversaci/ }).click();
    const rename = nav.getByRole("button", { name: /^Cambiar el nombre de precio del aguacate/ }).first();
    await rename.click();
    const name = nav.getByLabel("Nombre nuevo");
    await name.fill("");
    await everyFormHasNoValidate(s.page);
    await sendAndCheck(s, {
      submit: nav.getByRole("button", { name: "Guardar" }),
      message: "Dé un nombre a la conversación.",
      firstInvalid: name,
    });
    expect(await isFocused(name)).toBe(true);

    // The conversation goes, so the customer's list stays as other tests expect it.
    await name.press("Escape");
    await nav
      .getByRole("button", { name: /^Eliminar precio del aguacate/ })
      .first()
      .click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Eliminar", exact: true }).click();
    await s.page.waitForURL((url) => url.pathname === "/ai" && !url.search);
  });

  it("the price list and user creation forms answer in Spanish", async () => {
    const seller = await spanishPhone("seller");
    await seller.goto("/prices-manage");
    await everyFormHasNoValidate(seller.page);
    const create = seller.page.getByRole("region", { name: "Nueva lista de precios" });
    await sendAndCheck(seller, {
      submit: create.getByRole("button", { name: "Crear lista de precios" }),
      message: "El nombre es obligatorio",
      firstInvalid: create.getByLabel("Nombre en inglés", { exact: true }),
    });

    const admin = await spanishPhone("admin");
    await admin.goto("/manage-users");
    await everyFormHasNoValidate(admin.page);
    const createUser = admin.page.getByRole("region", { name: "Crear un usuario" });
    await sendAndCheck(admin, {
      submit: createUser.getByRole("button", { name: "Crear usuario" }),
      message: "El nombre es obligatorio",
      firstInvalid: createUser.getByLabel("Nombre", { exact: true }),
    });
  });
});

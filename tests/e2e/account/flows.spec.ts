import type { Page } from "playwright-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../support/postgres-server";
import { nextClientAddress, startAppServer, type AppServer } from "../../support/server";
import { phone as phoneScreen, signInWithForm, useBrowser, visible } from "../../support/e2e";

/**
 * The account flows end to end on a server of their own on PostgreSQL, so the test can read the
 * reset link from the server's mail outbox while the server runs (PGlite admits one process).
 */
let postgres: PostgresServer;
let app: AppServer;
let db: pg.Client;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("create database accounts");
  await admin.end();
  app = await startAppServer({ databaseUrl: postgres.url("accounts"), trustProxy: true });
  db = new pg.Client({ connectionString: postgres.url("accounts") });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await db?.end();
  const errors = app?.errors() ?? [];
  await app?.stop();
  await postgres?.stop();
  expect(errors).toEqual([]);
});

const { session } = useBrowser();

let counter = 0;
function newEmail() {
  counter += 1;
  return `buyer-${Date.now()}-${counter}@example.test`;
}

async function register(page: Page, email: string, password: string, name = "Rosa Martínez") {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email or phone", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await visible(page.getByText(`We sent a 6-digit code to ${email}.`, { exact: false }));
  await page.getByLabel("Verification code").fill(await latestRegistrationCode(email));
  await page.getByRole("button", { name: "Verify and create account" }).click();
}

/** The code a registration by email sent, read from the outbox as a mail server would send it. */
async function latestRegistrationCode(email: string) {
  const { rows } = await db.query<{ body: string }>(
    "select body from mail_outbox where recipient = $1 and kind = 'registration-code' order by id desc limit 1",
    [email],
  );
  expect(rows, `a registration code for ${email} in the outbox`).toHaveLength(1);
  return rows[0].body.match(/\b(\d{6})\b/)![1];
}

async function signOut(page: Page, email: string) {
  await page.getByRole("button", { name: `Account menu for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
}

async function latestResetLink(email: string) {
  const { rows } = await db.query<{ body: string }>(
    "select body from mail_outbox where recipient = $1 and kind = 'password-reset' order by id desc limit 1",
    [email],
  );
  expect(rows, `a reset message for ${email} in the outbox`).toHaveLength(1);
  const link = rows[0].body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

async function userCount() {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from "user"');
  return rows[0].n;
}

const strong = "tangerine-harbor-lantern-42";

describe("account flows on PostgreSQL", () => {
  it("registers a customer, signs out to /login and signs in again", async () => {
    const s = await session({ baseURL: app.url });
    const email = newEmail();
    await s.goto("/register");
    await register(s.page, email, strong);
    await s.page.waitForURL("**/dashboard");
    await s.hydrated();
    await s.scan();
    const { rows } = await db.query<{ role: string }>('select role from "user" where email = $1', [email]);
    expect(rows.map((r) => r.role)).toEqual(["customer"]);
    await s.page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await visible(s.page.getByRole("menu").getByText("Customer", { exact: true }));
    await s.page.keyboard.press("Escape");

    await signOut(s.page, email);
    await s.goto("/dashboard", { axe: false });
    expect(new URL(s.page.url()).search).toBe(`?redirectTo=${encodeURIComponent("/dashboard")}`);

    await signInWithForm(s.page, email, strong);
    await s.page.waitForURL("**/dashboard");
  });

  it("resets a forgotten password with the link from the outbox, once", async () => {
    const first = await session({ baseURL: app.url });
    const email = newEmail();
    await register(first.page, email, strong);
    await first.page.waitForURL("**/dashboard");

    const s = await session({ baseURL: app.url });
    await s.goto("/login");
    await s.page.getByRole("link", { name: "Forgot your password?" }).click();
    await s.page.waitForURL("**/forgot-password");
    await s.hydrated();
    await s.page.getByLabel("Email").fill(email);
    await s.page.getByRole("button", { name: "Send reset link" }).click();
    await visible(s.page.getByText(/If an account exists for that email address/));
    await s.scan();

    const link = await latestResetLink(email);
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    await s.goto(link.slice(app.url.length));
    const renewed = "orchard-violet-compass-77";
    await s.page.getByLabel("New password", { exact: true }).fill(renewed);
    await s.page.getByLabel("Confirm new password").fill(renewed);
    await s.page.getByRole("button", { name: "Save new password" }).click();
    await s.page.waitForURL((url) => url.pathname === "/login");
    await visible(s.page.getByText("Your password was changed. Sign in with your new password."));

    // The old password no longer works; the new one does.
    s.allowConsole(/status of 400/);
    await signInWithForm(s.page, email, strong);
    await visible(s.page.getByText("Incorrect credentials"));
    await visible(s.page.getByText("Please check your email and password."));
    await signInWithForm(s.page, email, renewed);
    await s.page.waitForURL("**/dashboard");

    // The reset ended the session that was open elsewhere.
    await first.goto("/profile", { axe: false });
    expect(new URL(first.page.url()).pathname).toBe("/login");

    // The link works once.
    const again = await session({ baseURL: app.url });
    again.allowConsole(/status of 400/);
    await again.goto(link.slice(app.url.length), { axe: false });
    const invalid = again.page.getByText(/This reset link is not valid/);
    if (!(await invalid.isVisible())) {
      await again.page.getByLabel("New password", { exact: true }).fill("another-quiet-meadow-19");
      await again.page.getByLabel("Confirm new password").fill("another-quiet-meadow-19");
      await again.page.getByRole("button", { name: "Save new password" }).click();
    }
    await visible(invalid);
  });

  it("registers with a phone number on a phone in Spanish, with the code from the outbox, and ends signed in", async () => {
    const s = await session({ baseURL: app.url, lang: "es", viewport: phoneScreen, touch: true });
    s.allowConsole(/status of 400/);
    const last4 = String(1000 + ((Date.now() + 4500) % 9000)).slice(-4);
    const e164 = `+1954555${last4}`;
    const shown = `(954) 555-${last4}`;
    await s.goto("/register");
    await s.page.getByLabel("Nombre completo").fill("Yamilé Ortega");
    await s.page.getByLabel("Correo electrónico o teléfono", { exact: true }).fill(`954.555.${last4}`);
    await s.page.getByLabel("Contraseña", { exact: true }).fill(strong);
    await s.page.getByLabel("Confirmar contraseña").fill(strong);
    await s.page.getByRole("button", { name: "Crear cuenta" }).click();
    await visible(
      s.page.getByText(`Le enviamos un código de 6 dígitos por mensaje de texto al ${shown}.`, { exact: false }),
    );
    await s.scan();

    const { rows } = await db.query<{ body: string; channel: string }>(
      "select body, channel from mail_outbox where recipient = $1 and kind = 'phone-code' order by id desc limit 1",
      [e164],
    );
    expect(rows[0]?.channel).toBe("sms");
    expect(rows[0]?.body).toMatch(/su código de verificación es \d{6}/);
    const code = rows[0].body.match(/\b(\d{6})\b/)![1];
    // A mistyped code is said in Spanish on this public page, and the field gets focus back.
    await s.page.getByLabel("Código de verificación").fill(code.slice(0, 4));
    await s.page.getByRole("button", { name: "Verificar y crear la cuenta" }).click();
    await visible(s.page.getByText("El código tiene 6 dígitos"));
    await s.page.waitForFunction(() => document.activeElement?.getAttribute("name") === "code");
    await s.page.getByLabel("Código de verificación").fill(code);
    await s.page.getByRole("button", { name: "Verificar y crear la cuenta" }).click();
    await s.page.waitForURL("**/dashboard");
    await s.hydrated();
    await visible(s.page.getByRole("button", { name: `Menú de la cuenta de ${shown}` }));
    const { rows: users } = await db.query<{ name: string; role: string; locale: string }>(
      'select name, role, locale from "user" where phone_number = $1 and phone_number_verified',
      [e164],
    );
    expect(users).toEqual([{ name: "Yamilé Ortega", role: "customer", locale: "es" }]);
  });

  it("verifies a phone number with the code from the outbox and signs in with it", async () => {
    const s = await session({ baseURL: app.url });
    const email = newEmail();
    const phone = `+1954555${String(1000 + (Date.now() % 9000)).slice(-4)}`;
    await register(s.page, email, strong);
    await s.page.waitForURL("**/dashboard");
    await s.goto("/profile");
    await s.page.getByLabel("Mobile number").fill(phone);
    await s.page.getByRole("button", { name: "Send code" }).click();
    await visible(s.page.getByText(/We sent a 6-digit code by text message/));
    const { rows } = await db.query<{ body: string }>(
      "select body from mail_outbox where recipient = $1 and kind = 'phone-code' order by id desc limit 1",
      [phone],
    );
    const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
    expect(code, "a 6-digit code in the outbox").toBeTruthy();
    await s.page.getByLabel("Verification code").fill(code!);
    await s.page.getByRole("button", { name: "Verify number" }).click();
    await visible(s.page.getByText("Your phone number was verified. You can now sign in with it."));
    await s.scan();

    await signOut(s.page, email);
    await signInWithForm(s.page, phone, strong);
    await s.page.waitForURL("**/dashboard");
    await visible(s.page.getByRole("button", { name: `Account menu for ${email}` }));
  });

  it("answers a reset request for an unknown address the same way and sends nothing", async () => {
    const s = await session({ baseURL: app.url });
    const email = newEmail();
    await s.goto("/forgot-password");
    await s.page.getByLabel("Email").fill(email);
    await s.page.getByRole("button", { name: "Send reset link" }).click();
    await visible(s.page.getByText(/If an account exists for that email address/));
    const { rows } = await db.query("select 1 from mail_outbox where recipient = $1", [email]);
    expect(rows).toHaveLength(0);
  });

  it("works in Spanish: form messages, and the reset mail in the user's language", async () => {
    const s = await session({ baseURL: app.url, lang: "es" });
    s.allowConsole(/status of 400/);
    await s.goto("/register");
    await s.page.getByRole("button", { name: "Crear cuenta" }).click();
    await visible(s.page.getByText("El nombre es obligatorio"));
    await s.scan();

    const email = newEmail();
    const other = await session({ baseURL: app.url });
    await register(other.page, email, strong);
    await other.page.waitForURL("**/dashboard");

    await s.goto("/forgot-password");
    await s.page.getByLabel("Correo electrónico").fill(email);
    await s.page.getByRole("button", { name: "Enviar enlace" }).click();
    await visible(s.page.getByText(/Si existe una cuenta con ese correo electrónico/));
    const { rows } = await db.query<{ subject: string }>(
      "select subject from mail_outbox where recipient = $1 and kind = 'password-reset'",
      [email],
    );
    expect(rows.map((r) => r.subject)).toEqual([expect.stringMatching(/^Restablezca su contraseña/)]);
  });
});

describe("bad input", () => {
  it("gets clear messages on the registration form and creates nobody", async () => {
    const s = await session({ baseURL: app.url });
    s.allowConsole(/status of 400/);
    let dialogs = 0;
    s.page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const before = await userCount();
    await s.goto("/register");
    const submit = () => s.page.getByRole("button", { name: "Create account" }).click();
    const fill = async (values: { name?: string; email?: string; password?: string; confirm?: string }) => {
      await s.page.getByLabel("Full name").fill(values.name ?? "");
      await s.page.getByLabel("Email or phone", { exact: true }).fill(values.email ?? "");
      await s.page.getByLabel("Password", { exact: true }).fill(values.password ?? "");
      await s.page.getByLabel("Confirm password").fill(values.confirm ?? values.password ?? "");
      // Registration allows five attempts per address; each case here comes from its own.
      await s.context.setExtraHTTPHeaders({ "x-forwarded-for": nextClientAddress() });
      await submit();
    };

    await fill({});
    await visible(s.page.getByText("Name is required"));
    await visible(s.page.getByText("Email or phone is required"));
    await visible(s.page.getByText("Password is required"));
    await s.scan();

    await fill({ name: "Ana", email: "not-an-email", password: strong });
    await visible(s.page.getByText("Enter your email address or your phone number"));

    await fill({ name: "Ana", email: "x' OR '1'='1@example.test; DROP TABLE \"user\";--", password: strong });
    await visible(s.page.getByText("Invalid email format"));

    await fill({ name: "Ana", email: newEmail(), password: "short" });
    await visible(s.page.getByText("Password must be at least 8 characters"));

    await fill({ name: "Ana", email: newEmail(), password: strong, confirm: `${strong}x` });
    await visible(s.page.getByText("Passwords do not match"));

    await fill({ name: "Ana", email: newEmail(), password: "password123" });
    await visible(s.page.getByText("This password is too easy to guess"));

    await fill({ name: "<script>alert(1)</script>", email: newEmail(), password: strong });
    await visible(s.page.getByText("Name can contain letters, numbers, spaces and . , ' - &"));

    expect(dialogs, "no script from the form ever ran").toBe(0);
    expect(await userCount()).toBe(before);
  });

  it("slows down repeated registration attempts from one address", async () => {
    const s = await session({ baseURL: app.url });
    s.allowConsole(/status of (400|429)/);
    await s.goto("/register", { axe: false });
    for (let i = 0; i < 5; i++) {
      await s.page.getByRole("button", { name: "Create account" }).click();
      await visible(s.page.getByText("Name is required"));
    }
    await s.page.getByRole("button", { name: "Create account" }).click();
    await visible(s.page.getByText(/Too many attempts\. Please wait \d+ seconds and try again\./));
    await s.scan();
  });

  it("refuses overlong and malformed posts with a 400 and changes nothing", async () => {
    const before = await userCount();
    const post = (path: string, body: URLSearchParams | FormData) =>
      fetch(app.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { origin: app.url, "x-forwarded-for": nextClientAddress() },
        body,
      });
    const cases: Array<[string, URLSearchParams | FormData]> = [
      [
        "/register",
        new URLSearchParams({
          name: "A".repeat(5000),
          identifier: newEmail(),
          password: strong,
          confirmPassword: strong,
        }),
      ],
      [
        "/register",
        new URLSearchParams({
          name: "Ana",
          identifier: `${"a".repeat(300)}@example.test`,
          password: strong,
          confirmPassword: strong,
        }),
      ],
      [
        "/register",
        new URLSearchParams({
          name: "Ana",
          identifier: newEmail(),
          password: "p".repeat(10_000),
          confirmPassword: "p".repeat(10_000),
        }),
      ],
      [
        "/register",
        new URLSearchParams([
          ["name", "Ana"],
          ["name", "Eve"],
          ["identifier", newEmail()],
          ["password", strong],
          ["confirmPassword", strong],
          ["role", "admin"],
        ]),
      ],
      ["/login", new URLSearchParams({ identifier: "' OR 1=1 --", password: "x" })],
      ["/login", new URLSearchParams({ identifier: "a".repeat(10_000), password: strong })],
      ["/forgot-password", new URLSearchParams({ email: "<img src=x onerror=alert(1)>" })],
      [
        "/reset-password",
        new URLSearchParams({ token: "'; DELETE FROM session; --", password: strong, confirmPassword: strong }),
      ],
    ];
    const files = new FormData();
    files.append("name", new Blob(["binary"]), "evil.exe");
    files.append("identifier", newEmail());
    files.append("password", strong);
    files.append("confirmPassword", strong);
    cases.push(["/register", files]);

    for (const [path, body] of cases) {
      const res = await post(path, body);
      const text = await res.text();
      expect(res.status, `${path} ${[...body.keys()].join(",")}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c) && !/max-age=0/i.test(c))).toBe(false);
      expect(text).not.toMatch(/at \w+ \(|node_modules|syntax error|relation "|drizzle/i);
    }
    // The duplicated fields and the role field did not sneak through either: no one was created.
    expect(await userCount()).toBe(before);
  });

  it("signs the user out cleanly when the session cookie is tampered with or expired", async () => {
    const s = await session({ baseURL: app.url });
    const email = newEmail();
    await register(s.page, email, strong);
    await s.page.waitForURL("**/dashboard");
    const cookies = await s.context.cookies();
    const token = cookies.find((c) => c.name.endsWith("session_token"))!;
    expect(token).toBeDefined();

    await s.context.addCookies([{ ...token, value: `${token.value.slice(0, -4)}AAAA` }]);
    await s.goto("/dashboard", { axe: false });
    expect(new URL(s.page.url()).pathname).toBe("/login");
    expect((await s.context.cookies()).some((c) => c.name === token.name)).toBe(false);

    await signInWithForm(s.page, email, strong);
    await s.page.waitForURL("**/dashboard");
    await db.query(
      `update session set expires_at = now() - interval '1 minute' where user_id = (select id from "user" where email = $1)`,
      [email],
    );
    await s.goto("/profile", { axe: false });
    expect(new URL(s.page.url()).pathname).toBe("/login");
    expect((await s.context.cookies()).some((c) => c.name === token.name)).toBe(false);
  });
});

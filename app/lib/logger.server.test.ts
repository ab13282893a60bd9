import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

/** A logger at info level writing into memory; returns what it wrote, line by line. */
function capture() {
  const raw: string[] = [];
  const log = createLogger({ write: (line: string) => void raw.push(line) }, "info");
  return { log, raw, lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

// Each secret is unique so that finding it anywhere in the output means it leaked.
const secrets = {
  password: "pw-Correct-Horse-1",
  newPassword: "pw-New-Battery-2",
  currentPassword: "pw-Current-Staple-3",
  confirmPassword: "pw-Confirm-Staple-4",
  token: "tok-reset-5f1c9a",
  cookie: "better-auth.session_token=sess-8d2e7b.signature",
  authorization: "Bearer jwt-aa11bb22",
  secret: "shh-app-secret-9",
};

function expectNoSecret(raw: string[]) {
  const output = raw.join("");
  for (const [name, value] of Object.entries(secrets)) expect(output, `${name} leaked: ${output}`).not.toContain(value);
}

describe("logger redaction", () => {
  it("redacts passwords at the top level and one level down, keeping the other fields", () => {
    const { log, raw, lines } = capture();
    log.info({ email: "ana@demo.test", password: secrets.password, newPassword: secrets.newPassword }, "sign-in");
    log.warn(
      {
        where: "change-password",
        body: {
          email: "ana@demo.test",
          currentPassword: secrets.currentPassword,
          newPassword: secrets.newPassword,
          revokeOtherSessions: true,
        },
      },
      "auth service refused the request",
    );
    log.info(
      { values: { name: "Ana", password: secrets.password, confirmPassword: secrets.confirmPassword } },
      "register",
    );

    expectNoSecret(raw);
    const [signIn, change, register] = lines();
    expect(signIn).toMatchObject({
      msg: "sign-in",
      email: "ana@demo.test",
      password: "[redacted]",
      newPassword: "[redacted]",
    });
    expect(change).toMatchObject({
      msg: "auth service refused the request",
      where: "change-password",
      body: {
        email: "ana@demo.test",
        currentPassword: "[redacted]",
        newPassword: "[redacted]",
        revokeOtherSessions: true,
      },
    });
    expect(register).toMatchObject({ values: { name: "Ana", password: "[redacted]", confirmPassword: "[redacted]" } });
  });

  it("redacts cookies and authorization headers, wherever the headers are, keeping the other headers", () => {
    const { log, raw, lines } = capture();
    const headers = () => ({
      cookie: secrets.cookie,
      authorization: secrets.authorization,
      "user-agent": "Mozilla/5.0",
      "accept-language": "es",
    });
    log.info({ headers: headers() }, "top");
    log.info({ req: { method: "POST", url: "/login", headers: headers() } }, "req");
    log.info({ request: { method: "GET", url: "/prices", headers: headers() } }, "request");

    expectNoSecret(raw);
    for (const line of lines()) {
      const carrier = (line.headers ? line : (line.req ?? line.request)) as { headers: Record<string, string> };
      expect(carrier.headers, String(line.msg)).toEqual({
        cookie: "[redacted]",
        authorization: "[redacted]",
        "user-agent": "Mozilla/5.0",
        "accept-language": "es",
      });
    }
    expect(lines()[1]).toMatchObject({ req: { method: "POST", url: "/login" } });
    expect(lines()[2]).toMatchObject({ request: { method: "GET", url: "/prices" } });
  });

  it("redacts tokens and secrets, keeping ids and the message", () => {
    const { log, raw, lines } = capture();
    log.info({ userId: "u_123", token: secrets.token }, "password reset requested");
    log.info({ session: { id: "s_1", userId: "u_123", token: secrets.token } }, "session");
    log.info({ secret: secrets.secret, requestId: "req-42" }, "configured");

    expectNoSecret(raw);
    expect(lines()).toMatchObject([
      { msg: "password reset requested", userId: "u_123", token: "[redacted]" },
      { msg: "session", session: { id: "s_1", userId: "u_123", token: "[redacted]" } },
      { msg: "configured", secret: "[redacted]", requestId: "req-42" },
    ]);
  });

  it("does not change the object that was logged", () => {
    const { log } = capture();
    const body = { email: "ana@demo.test", password: secrets.password };
    log.info({ body }, "kept");
    expect(body.password).toBe(secrets.password);
  });
});

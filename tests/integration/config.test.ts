import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../app/config.server";
import { runScript } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

function configError(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe(`configuration (${test.kind})`, () => {
  it("has working defaults with no variables set", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SITE_URL).toBe("http://localhost:3000");
    expect(c.isSecure).toBe(false);
  });

  it("derives the site URL and secure cookies from SITE_URL", () => {
    const c = parseConfig({ SITE_URL: "https://produce.example/" });
    expect(c.SITE_URL).toBe("https://produce.example");
    expect(c.isSecure).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://user@localhost/db" }, "DATABASE_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ SITE_URL: "ftp://example.com" }, "SITE_URL"],
    [{ SMTP_URL: "http://mail.example" }, "SMTP_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
  ])("refuses %o with a message naming the variable", (env, variable) => {
    expect(configError(env)).toMatch(new RegExp(`^\\s+${variable}: `, "m"));
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://user@localhost/db" }, "DATABASE_URL"],
  ])(
    "npm start with %o stops at once with exit 1, naming the variable, no stack",
    { timeout: 60_000 },
    async (env, variable) => {
      const result = await runScript("scripts/start.ts", [], { DATA_DIR: ".tmp/ops-config", ...env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Invalid configuration");
      expect(result.stderr).toMatch(new RegExp(`^\\s+${variable}: `, "m"));
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it("a tool with a bad variable stops the same way", { timeout: 60_000 }, async () => {
    const result = await runScript("scripts/seed.ts", [], { DATA_DIR: ".tmp/ops-config", PORT: "-1" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\s+PORT: /m);
  });
});

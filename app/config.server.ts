import { z } from "zod";

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUST_PROXY: booleanish.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  COMPANY_NAME: z.string().min(1).default("Pompano Fresh Produce"),
  COMPANY_PHONE: z.string().min(1).default("+1 (954) 555-0142"),
  COMPANY_EMAIL: z.email().default("sales@pompanofresh.example"),
  STAFF_EMAIL: z.email().optional(),
  // The language staff read the contact-form messages in, whatever the visitor wrote in.
  STAFF_LANG: z.enum(["en", "es"]).default("en"),
  SOCIAL_LINKS: z
    .string()
    .default("https://www.facebook.com/pompanofresh,https://www.instagram.com/pompanofresh")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Pompano Fresh Produce <no-reply@pompanofresh.example>"),
  SMS_WEBHOOK_URL: z.url().optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  // How long one naming request to the model may take before the built-in engine names the items.
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  // S3-compatible storage for uploaded images (AWS S3, Cloudflare R2, MinIO…); local disk without it.
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema> & { SITE_URL: string; isSecure: boolean };

export class ConfigError extends Error {}

function emptyToUndefined(env: NodeJS.ProcessEnv) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === "" ? undefined : v;
  return out;
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = schema.safeParse(emptyToUndefined(env));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  const s3 = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all four or none.",
    );
  }
  const SITE_URL = (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  return { ...c, SITE_URL, isSecure: SITE_URL.startsWith("https://") };
}

let cached: Config | undefined;

/** Read once; a bad value stops the process with a message naming the variable. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests that change process.env read the configuration again on the next config(). */
export function resetConfigForTests() {
  cached = undefined;
}

import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "newPassword",
      "*.newPassword",
      "token",
      "*.token",
      "headers.cookie",
      "*.headers.cookie",
      "headers.authorization",
      "req.headers.cookie",
      "req.headers.authorization",
      "secret",
    ],
    censor: "[redacted]",
  },
});

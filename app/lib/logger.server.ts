import pino, { type DestinationStream } from "pino";

const redact = {
  paths: [
    "password",
    "*.password",
    "newPassword",
    "*.newPassword",
    "currentPassword",
    "*.currentPassword",
    "confirmPassword",
    "*.confirmPassword",
    "token",
    "*.token",
    "headers.cookie",
    "*.headers.cookie",
    "headers.authorization",
    "*.headers.authorization",
    "req.headers.cookie",
    "req.headers.authorization",
    "secret",
  ],
  censor: "[redacted]",
};

/** The app's logger; a test passes a destination of its own to read what would be written. */
export function createLogger(destination?: DestinationStream, level?: string) {
  return pino(
    {
      level: level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
      base: undefined,
      redact,
    },
    destination,
  );
}

export const logger = createLogger();

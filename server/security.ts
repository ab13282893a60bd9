import { randomBytes, randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import type { AppLocals } from "./locals";

export function requestLocals(trustProxy: boolean, dev: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = res.locals as AppLocals;
    locals.requestId = randomUUID();
    // In development Vite injects its own scripts and the policy is off, so no nonce is issued.
    locals.nonce = dev ? "" : randomBytes(16).toString("base64");
    // The address comes from the socket unless the operator says a proxy sets it.
    locals.clientIp = (trustProxy ? req.ip : req.socket.remoteAddress) ?? "unknown";
    res.setHeader("X-Request-Id", locals.requestId);
    next();
  };
}

export function securityHeaders({ secure, dev }: { secure: boolean; dev: boolean }) {
  return helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", "https:"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            ...(secure ? { "upgrade-insecure-requests": [] } : {}),
          },
        },
    strictTransportSecurity: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/**
 * A 304 tells the browser to show the page it kept, whose scripts carry the nonce they were served
 * with; a browser takes a 304's headers over the kept ones, so a fresh policy with a new nonce
 * would block them. The kept policy stays.
 */
export function keepNonceOnRevalidation() {
  return (_req: Request, res: Response, next: NextFunction) => {
    onHeaders(res, function () {
      if (this.statusCode === 304) this.removeHeader("Content-Security-Policy");
    });
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser says came from another site. Requests with
 * neither header come from non-browser clients, which cannot ride a victim's cookies.
 */
export function originCheck(allowedOrigins: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const originOk = origin === undefined || origin === ownOrigin || allowedOrigins.includes(origin);
    const siteOk = site === undefined || site === "same-origin" || site === "none";
    if (originOk && siteOk) {
      // The site's own address, reached through a proxy that does not say so (TRUST_PROXY off):
      // the request arrives as plain http, or for another host. It is read as made where the
      // browser made it, as React Router's own check of a form's origin expects.
      if (origin !== undefined && origin !== ownOrigin) {
        const made = new URL(origin);
        Object.defineProperty(req, "protocol", { value: made.protocol.slice(0, -1) });
        req.headers.host = made.host;
      }
      return next();
    }
    res.status(403).type("text/plain").send("Cross-origin request refused.");
  };
}

/** The largest request body each path may send; anything else is a form of a few fields. */
export const bodyLimits: { path: RegExp; bytes: number }[] = [
  // A product picture of at most 5 MB, with its form around it.
  { path: /^\/products\/manage(\.data)?$/, bytes: 5 * 1024 * 1024 + 64 * 1024 },
  // A QuickBooks CSV of at most 10 MB (a background import's upload), or a batch of its rows.
  { path: /^\/import-quickbooks(\/runs)?(\.data)?$/, bytes: 10 * 1024 * 1024 + 64 * 1024 },
];
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * A body is refused by its declared size before anything reads it
 * (docs/decisions/024-budgets-and-rules.md). Node stops reading at Content-Length, so the declared
 * size bounds what arrives; a body without one (a streamed upload, which no page of this site
 * sends) is refused too.
 */
export function bodyLimit(limits = bodyLimits, fallback = DEFAULT_BODY_LIMIT) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") === undefined) return next();
      res.status(411).type("text/plain").send("Length required.");
      return;
    }
    const limit = limits.find((l) => l.path.test(req.path))?.bytes ?? fallback;
    if (Number(declared) > limit) {
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    next();
  };
}

/**
 * A path whose percent-encoding does not decode ("/%ff", "/products/%E0%A4%A") is read as the
 * characters it holds, so the site answers it with its own not-found page rather than failing to
 * decode it.
 */
export function literalBrokenPercents() {
  return (req: Request, _res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      const query = req.url.indexOf("?");
      const [pathPart, rest] = query < 0 ? [req.url, ""] : [req.url.slice(0, query), req.url.slice(query)];
      req.url = pathPart.replace(/%/g, "%25") + rest;
    }
    next();
  };
}

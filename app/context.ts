import { createContext } from "react-router";
import type { Role } from "./auth/permissions";
import type { Lang } from "./i18n/config";

export type RequestInfo = {
  requestId: string;
  nonce: string;
  clientIp: string;
  /**
   * The path and query as the request named them: a client-side navigation's `.data` request
   * reaches the middleware with `.data` already taken off its URL.
   */
  requestedPath: string;
};

export type SessionUser = {
  id: string;
  email: string;
  /** How the account is named beside its name: the email, or the phone number of an account without one. */
  contact: string;
  name: string;
  role: Role;
  phoneNumber: string | null;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
};

export const requestInfoContext = createContext<RequestInfo>({
  requestId: "unknown",
  nonce: "",
  clientIp: "unknown",
  requestedPath: "/",
});
export const userContext = createContext<SessionUser | null>(null);
export const langContext = createContext<Lang>("en");

import type { HeadersFunction } from "react-router";

/**
 * A page's answer keeps the `Retry-After` its action or loader gave (a 429 says when to try
 * again): without a route's own headers, React Router passes on only their cookies.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const wait = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (wait) headers.set("Retry-After", wait);
  return headers;
};

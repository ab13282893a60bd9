/** The Set-Cookie values better-auth produced, ready to put on our own response. */
export function sessionCookies(headers: Headers | null | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie?.() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

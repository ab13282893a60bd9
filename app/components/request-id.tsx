import { createContext, useContext, useState } from "react";

const RequestIdContext = createContext<string | null>(null);

export const RequestIdProvider = RequestIdContext.Provider;

/**
 * The id the server logged this page's request under. On the server it comes from context;
 * in the browser it is read back from the meta tag the server rendered.
 */
export function useRequestId() {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => {
    if (fromServer) return fromServer;
    if (typeof document === "undefined") return null;
    return document.querySelector('meta[name="request-id"]')?.getAttribute("content") ?? null;
  });
  return id;
}

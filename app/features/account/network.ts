import { data } from "react-router";
import type { FormMessage } from "./schema";

export const networkError: FormMessage = { key: "general:errors.network" };

/**
 * Runs a form's server action from the browser. When the request never reaches the server (the
 * connection dropped) the page shows the specification's network message instead of the error
 * page; redirects and every server answer pass through untouched. The error status keeps React
 * Router from reloading the page's data, which would fail the same way.
 */
export async function withNetworkFallback<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return data({ formError: networkError }, { status: 503 });
    throw error;
  }
}

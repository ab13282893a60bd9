import type { FormMessage } from "./schema";

export const networkError: FormMessage = { key: "general:errors.network" };

/**
 * Runs a form's server action from the browser. When the request never reaches the server (the
 * connection dropped) the page shows the specification's network message instead of the error
 * page; redirects and every server answer pass through untouched.
 */
export async function withNetworkFallback<T>(serverAction: () => Promise<T>): Promise<T | { formError: FormMessage }> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { formError: networkError };
    throw error;
  }
}

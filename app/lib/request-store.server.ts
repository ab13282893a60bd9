import { AsyncLocalStorage } from "node:async_hooks";
import type { Lang } from "~/i18n/config";

type Store = { lang: Lang; requestId: string; clientIp: string };

const store = new AsyncLocalStorage<Store>();

/** Lets code far from the route (auth callbacks, mail) know the request's language and id. */
export function runWithRequest<T>(value: Store, fn: () => T): T {
  return store.run(value, fn);
}

export function currentRequest(): Store | undefined {
  return store.getStore();
}

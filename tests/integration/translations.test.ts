import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { anonymousNamespaces } from "../../app/i18n/bundle.server";
import { namespaces, type Lang } from "../../app/i18n/config";
import { resources } from "../../app/i18n/resources";
import { loader as rootLoader } from "../../app/root";
import { loader } from "../../app/routes/translations";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

await useTestDatabase();

type RootData = Awaited<ReturnType<typeof rootLoader>>["data"];

async function root(user: SessionUser | null, lang: Lang) {
  return (await callRoute<RootData>(rootLoader, getRequest("/dashboard"), routeContext({ user, lang }))).data!;
}

/** The file as the browser gets it. */
function file(name: string, user: SessionUser) {
  return loader({
    request: getRequest(`/translations/${name}`),
    context: routeContext({ user }),
    params: { file: name },
  } as unknown as Parameters<typeof loader>[0]);
}

/** What a request the loader refuses gets. */
function refusal(name: string, user: SessionUser | null) {
  return callRoute(loader, getRequest(`/translations/${name}`), routeContext({ user }), { file: name });
}

describe("translations", () => {
  it("gives an anonymous visitor the public namespaces inline, and a signed-in person a file to keep", async () => {
    const anonymous = await root(null, "es");
    expect(anonymous.translationsUrl).toBeNull();
    expect(Object.keys(JSON.parse(anonymous.translations!))).toEqual([...anonymousNamespaces]);

    const customer = await makeUser("customer");
    const signedIn = await root(customer, "es");
    expect(signedIn.translations).toBeNull();
    expect(signedIn.translationsUrl).toMatch(/^\/translations\/es\.[\w-]{16}\.json$/);

    const res = file(signedIn.translationsUrl!.split("/").pop()!, customer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([...namespaces]);
    expect(body.import).toEqual(resources.es.import);
  });

  it("names the file by its content and language", async () => {
    const seller = await makeUser("seller");
    const [en, es] = [await root(seller, "en"), await root(seller, "es")];
    expect(en.translationsUrl).not.toBe(es.translationsUrl);
    expect((await root(seller, "en")).translationsUrl).toBe(en.translationsUrl);
  });

  it("answers an old file name with today's texts, not to be kept, and refuses the rest", async () => {
    const seller = await makeUser("seller");
    const old = file("en.0123456789abcdef.json", seller);
    expect(old.status).toBe(200);
    expect(old.headers.get("cache-control")).toBe("private, no-cache");
    expect(((await old.json()) as Record<string, unknown>).prices).toEqual(resources.en.prices);

    for (const name of ["fr.0123456789abcdef.json", "en.json", "../secrets"]) {
      expect((await refusal(name, seller)).status, name).toBe(404);
    }
    const anonymous = await refusal("en.0123456789abcdef.json", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  });
});

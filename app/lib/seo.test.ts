import { describe, expect, it } from "vitest";
import { localBusinessJsonLd, publicPageUrls } from "./seo";

const base = "https://produce.example";
const site = {
  name: "Pompano Fresh Produce",
  phone: "+1 (954) 555-0142",
  email: "sales@example.test",
  socialLinks: ["https://www.facebook.com/example"],
  baseUrl: base,
  address: { street: "1400 SW 1st Ct", city: "Pompano Beach", region: "FL", postalCode: "33069", country: "US" },
};

describe("canonical and hreflang URLs", () => {
  it("gives English the plain URL and Spanish ?lang=es, with x-default on the plain URL", () => {
    expect(publicPageUrls(base, "/", "", "en")).toEqual({
      canonical: `${base}/`,
      alternates: [
        { hreflang: "en", href: `${base}/` },
        { hreflang: "es", href: `${base}/?lang=es` },
        { hreflang: "x-default", href: `${base}/` },
      ],
    });
    expect(publicPageUrls(base, "/contact", "?lang=es", "es")?.canonical).toBe(`${base}/contact?lang=es`);
  });

  it("follows the language served, not the one asked for in the URL", () => {
    // A Spanish visitor (cookie) at the plain URL gets the Spanish page and its Spanish canonical.
    expect(publicPageUrls(base, "/prices", "", "es")?.canonical).toBe(`${base}/prices?lang=es`);
    expect(publicPageUrls(base, "/prices", "?lang=en", "en")?.canonical).toBe(`${base}/prices`);
  });

  it("keeps a product listing's category and drops search, sort and unknown parameters", () => {
    const urls = publicPageUrls(base, "/products", "?category=fruits&q=mango&sort=price-asc&utm_source=x", "es");
    expect(urls?.canonical).toBe(`${base}/products?category=fruits&lang=es`);
    expect(urls?.alternates[0].href).toBe(`${base}/products?category=fruits`);
  });

  it("names /about-us as the canonical page of /about", () => {
    expect(publicPageUrls(base, "/about", "", "en")?.canonical).toBe(`${base}/about-us`);
  });

  it("covers product pages but not private, account or unknown pages", () => {
    expect(publicPageUrls(base, "/products/sandia", "", "en")?.canonical).toBe(`${base}/products/sandia`);
    for (const path of [
      "/products/manage",
      "/dashboard",
      "/login",
      "/pricesprivate",
      "/no-such-page",
      "/products/a/b",
    ]) {
      expect(publicPageUrls(base, path, "", "en"), path).toBeNull();
    }
  });
});

describe("local business structured data", () => {
  const data = JSON.parse(localBusinessJsonLd(site));

  it("is a wholesale store (a LocalBusiness) open Monday to Saturday, 4:00 to 11:00", () => {
    expect(data["@type"]).toBe("WholesaleStore");
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "04:00",
        closes: "11:00",
      },
    ]);
  });

  it("has the address, phone, e-mail, map and the sharing image", () => {
    expect(data.address).toMatchObject({ streetAddress: "1400 SW 1st Ct", postalCode: "33069", addressRegion: "FL" });
    expect(data.telephone).toBe(site.phone);
    expect(data.email).toBe(site.email);
    expect(data.hasMap).toContain("1400%20SW%201st%20Ct");
    expect(data.image).toMatch(/^https:\/\/produce\.example\/uploads\/site\/v1\/og-[0-9a-f]{8}\.jpg$/);
  });

  it("cannot close its script element", () => {
    expect(localBusinessJsonLd({ ...site, name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

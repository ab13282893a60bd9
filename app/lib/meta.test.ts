import { describe, expect, it } from "vitest";
import "~/i18n/instance";
import { pageMeta } from "./meta";
import { organizationJsonLd } from "./seo";

const site = {
  name: "Pompano Fresh Produce",
  phone: "+1 (954) 555-0142",
  email: "sales@example.test",
  socialLinks: ["https://www.facebook.com/example"],
  baseUrl: "http://localhost:3000",
  address: { street: "1400 SW 1st Ct", city: "Pompano Beach", region: "FL", postalCode: "33069", country: "US" },
};

const matches = (lang: "en" | "es") => [{ id: "root", loaderData: { lang, site } }];

function content(meta: ReturnType<typeof pageMeta>, key: string) {
  const entry = meta.find((m) => ("name" in m && m.name === key) || ("property" in m && m.property === key));
  return entry && "content" in entry ? entry.content : undefined;
}

describe("page metadata defaults", () => {
  it("titles the site with the company name in capitals and the tagline", () => {
    const meta = pageMeta(matches("en"));
    expect(meta).toContainEqual({ title: "POMPANO FRESH PRODUCE - Premium Wholesale Fresh Products" });
    expect(content(meta, "description")).toMatch(/Pompano Beach, FL/);
    expect(content(meta, "keywords")).toBe(
      "fresh produce, wholesale, fruits, vegetables, organic, distribution, Pompano Beach, Florida",
    );
    expect(content(meta, "robots")).toBe("index, follow");
    expect(content(meta, "twitter:card")).toBe("summary_large_image");
  });

  it("speaks Spanish on Spanish pages and puts a page's own title first", () => {
    const meta = pageMeta(matches("es"), { title: "Contacto" });
    expect(meta).toContainEqual({ title: "Contacto | POMPANO FRESH PRODUCE" });
    expect(content(meta, "og:locale")).toBe("es_US");
    expect(content(meta, "keywords")).toMatch(/productos frescos/);
  });

  it("shares a real 1200 x 630 image as a large summary card", () => {
    const meta = pageMeta(matches("en"));
    const image = content(meta, "og:image");
    expect(image).toMatch(/^http:\/\/localhost:3000\/uploads\/site\/v1\/og-[0-9a-f]{8}\.jpg$/);
    expect(content(meta, "twitter:image")).toBe(image);
    expect(content(meta, "og:image:width")).toBe("1200");
    expect(content(meta, "og:image:height")).toBe("630");
    expect(content(meta, "og:image:alt")).toBe("Pompano Fresh Produce - Premium Wholesale Fresh Products");
    expect(content(meta, "og:site_name")).toBe("Pompano Fresh Produce");
    expect(content(meta, "og:locale:alternate")).toBe("es_US");
  });

  it("keeps private pages out of search engines", () => {
    expect(content(pageMeta(matches("en"), { title: "Dashboard", noindex: true }), "robots")).toBe("noindex, nofollow");
  });
});

describe("organisation structured data", () => {
  it("names the address, customer-service phone, e-mail and social links", () => {
    const data = JSON.parse(organizationJsonLd(site));
    expect(data["@type"]).toBe("Organization");
    expect(data.address).toMatchObject({
      streetAddress: "1400 SW 1st Ct",
      addressLocality: "Pompano Beach",
      addressRegion: "FL",
      postalCode: "33069",
      addressCountry: "US",
    });
    expect(data.contactPoint).toMatchObject({ telephone: site.phone, contactType: "customer service" });
    expect(data.email).toBe(site.email);
    expect(data.sameAs).toEqual(site.socialLinks);
  });

  it("cannot close its script element", () => {
    expect(organizationJsonLd({ ...site, name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

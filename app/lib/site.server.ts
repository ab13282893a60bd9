import { config } from "~/config.server";

/** The public facts about the business that pages may show (never secrets). */
export function siteInfo() {
  const c = config();
  return {
    name: c.COMPANY_NAME,
    phone: c.COMPANY_PHONE,
    email: c.COMPANY_EMAIL,
    socialLinks: c.SOCIAL_LINKS,
    baseUrl: c.SITE_URL,
    address: {
      street: "1400 SW 1st Ct",
      city: "Pompano Beach",
      region: "FL",
      postalCode: "33069",
      country: "US",
    },
  };
}

export type SiteInfo = ReturnType<typeof siteInfo>;

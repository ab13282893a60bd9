import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";

export function FinalCta() {
  const { t } = useTranslation("public");
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-20">
      <div className="site-container">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-12 text-center shadow-lg sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{t("cta.body")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink
              to="/contact"
              size="lg"
              variant="secondary"
              className="bg-white! text-brand-800! hover:bg-brand-50!"
            >
              {t("cta.contact")}
            </ButtonLink>
            <ButtonLink
              to="/about-us"
              size="lg"
              variant="ghost"
              className="border border-white/80 text-white! hover:bg-white/10!"
            >
              {t("cta.about")}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}

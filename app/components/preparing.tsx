import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";

/** A clear, translated state for a screen whose guard is in place and whose content comes next. */
export function Preparing({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{page}</h1>
      <h2 className="mt-4 text-lg font-semibold">{t("preparing.title")}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("preparing.body", { page })}</p>
      <ButtonLink to="/dashboard" variant="outline" className="mt-6">
        {t("preparing.back")}
      </ButtonLink>
    </section>
  );
}

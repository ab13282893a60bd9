import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { toast } from "sonner";
import type { UserActionResult } from "../schema";

/** One toast per answer of the action; the same answer re-rendered does not toast again. */
export function useResultToast(result: UserActionResult | undefined) {
  const { t } = useTranslation("users");
  const shown = useRef<UserActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      const text = t(result.message, { email: result.values?.email ?? "" });
      if (result.tone === "warning") toast.warning(text);
      else toast.success(text);
      return;
    }
    const first = Object.values(result.errors)[0];
    if (first) toast.error(t(first));
  }, [result, t]);
}

import { describe, expect, it } from "vitest";
import {
  checkPasswordStrength,
  MIN_PASSWORD_SCORE,
  personalWords,
  refuseWeakPassword,
} from "./password-strength.server";

describe("checkPasswordStrength", () => {
  it("refuses a common password with reasons in English", async () => {
    const result = await checkPasswordStrength("password123", "en");
    expect(result.isStrong).toBe(false);
    expect(result.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(result.warning).toBe("This is a commonly used password.");
    expect(result.suggestions.length).toBeGreaterThan(0);
  });

  it("gives the same verdict with the reasons in Spanish", async () => {
    const result = await checkPasswordStrength("password123", "es");
    expect(result.isStrong).toBe(false);
    expect(result.warning).toBe("Es una contraseña usada comúnmente.");
    expect(result.suggestions).toContain("Añade más palabras que sean menos comunes.");
  });

  it("accepts a long passphrase", async () => {
    expect((await checkPasswordStrength("Mango crates at dawn 47", "en")).isStrong).toBe(true);
    expect((await checkPasswordStrength("Mango crates at dawn 47", "es")).isStrong).toBe(true);
  });

  it("counts the person's own name and email against the password", async () => {
    const password = "Qwzrtplkmn77";
    const without = await checkPasswordStrength(password, "en");
    const withInputs = await checkPasswordStrength(password, "en", ["Ada Qwzrtplkmn", "ada.q@example.com"]);
    expect(without.isStrong).toBe(true);
    expect(withInputs.isStrong).toBe(false);
    expect(withInputs.warning).toBe("There should not be any personal or page related data.");
  });

  it("knows Spanish words in either language", async () => {
    const en = await checkPasswordStrength("contraseña", "en");
    const es = await checkPasswordStrength("contraseña", "es");
    expect(en.score).toBe(es.score);
    expect(en.isStrong).toBe(false);
  });
});

describe("personalWords", () => {
  it("splits names and email addresses into guessable parts", () => {
    expect(personalWords(["Ana María", "ana.maria+shop@example.com", null])).toEqual(
      expect.arrayContaining([
        "ana maría",
        "ana",
        "maría",
        "ana.maria+shop@example.com",
        "maria",
        "shop",
        "example",
        "com",
      ]),
    );
  });
});

describe("refuseWeakPassword", () => {
  it("answers with the field's key and the reasons, or null for a strong password", async () => {
    expect(await refuseWeakPassword("Mango crates at dawn 47", "en", [])).toBeNull();
    const answer = await refuseWeakPassword("aaaaaaaaaa", "es", [], "password");
    expect(answer?.fieldErrors).toEqual({ password: "auth:form.passwordWeak" });
    expect(answer?.passwordFeedback.warning).toMatch(/Caracteres repetidos/);
  });
});

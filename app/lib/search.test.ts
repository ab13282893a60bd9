import { describe, expect, it } from "vitest";
import { compileSearch, searchKey, searchWords, stemWord } from "./search";

/** The keys the query finds, best first; a stable sort keeps the given order within a tier. */
function find(query: string, names: Record<string, [string, string]>) {
  const search = compileSearch(query);
  const rows = Object.entries(names).map(([id, [en, es]]) => ({ id, key: searchKey(en, es) }));
  if (!search) return rows.map((r) => r.id);
  return rows
    .map((r) => ({ id: r.id, rank: search.rank(r.key) }))
    .filter((r): r is { id: string; rank: number } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.id);
}

const CATALOGUE: Record<string, [string, string]> = {
  lemon: ["Lemons", "Limones"],
  lime: ["Persian Limes", "Limas persas"],
  pineapple: ["Golden Pineapple", "Piña dorada"],
  avocado: ["Hass Avocados", "Aguacates Hass"],
  banana: ["Bananas", "Bananos"],
  plantain: ["Green Plantains", "Plátanos verdes"],
  papaya: ["Papaya", "Papaya"],
  potato: ["Russet Potatoes", "Papas russet"],
  tomato: ["Roma Tomatoes", "Tomates roma"],
  strawberry: ["Strawberries", "Fresas"],
  walnut: ["Walnuts", "Nueces"],
  jalapeno: ["Jalapeño Peppers", "Chiles jalapeños"],
};

describe("searchWords", () => {
  it("drops accents, case and punctuation", () => {
    expect(searchWords("  Piña, GOLDEN!  ")).toEqual(["pina", "golden"]);
    expect(searchWords("Jalapeño (Mexican) — 10 lb")).toEqual(["jalapeno", "mexican", "10", "lb"]);
    expect(searchWords("Pear D'Anjou / Ñame ß")).toEqual(["pear", "danjou", "name", "ss"]);
    expect(searchWords("%_'\"")).toEqual([]);
  });
});

describe("stemWord", () => {
  it("makes English and Spanish plurals and singulars meet", () => {
    const pairs = [
      ["limones", "limon"],
      ["tomatoes", "tomato"],
      ["berries", "berry"],
      ["nueces", "nuez"],
      ["aguacates", "aguacate"],
      ["apples", "apple"],
      ["peaches", "peach"],
      ["lettuces", "lettuce"],
      ["pinas", "pina"],
      ["chiles", "chile"],
      ["mangoes", "mangos"],
      ["calabacines", "calabacin"],
    ];
    for (const [plural, singular] of pairs) expect(stemWord(plural), plural).toBe(stemWord(singular));
  });

  it("leaves short words, numbers and double s alone", () => {
    expect(stemWord("uva")).toBe("uva");
    expect(stemWord("10lbs")).toBe("10lbs");
    expect(stemWord("cress")).toBe("cress");
  });
});

describe("searchKey", () => {
  it("keeps each text apart and leaves empty ones out", () => {
    expect(searchKey("Hass Avocados", "Aguacates Hass")).toBe("; hass avocado ; aguacat hass ;");
    expect(searchKey("Mint", null, undefined, "", "HERB-01")).toBe("; mint ; herb 01 ;");
    expect(searchKey(null, "!!")).toBe("");
  });
});

describe("compileSearch", () => {
  it("shows everything for an empty query and nothing for one without letters or digits", () => {
    expect(compileSearch("")).toBeNull();
    expect(compileSearch("   ")).toBeNull();
    expect(compileSearch("%")!.rank(searchKey("100% Juice"))).toBeNull();
    expect(compileSearch("_")!.rank(searchKey("a_b"))).toBeNull();
  });

  it("finds a product by either language's name, without accents, in any case", () => {
    expect(find("limón", CATALOGUE)).toEqual(["lemon"]);
    expect(find("LIMON", CATALOGUE)).toEqual(["lemon"]);
    expect(find("pina", CATALOGUE)).toEqual(["pineapple"]);
    expect(find("piña", CATALOGUE)).toEqual(["pineapple"]);
    expect(find("avocado", CATALOGUE)).toEqual(["avocado"]);
    expect(find("jalapeno", CATALOGUE)).toEqual(["jalapeno"]);
  });

  it("forgives plural and singular in both languages", () => {
    expect(find("limon", CATALOGUE)).toEqual(["lemon"]);
    expect(find("limones", CATALOGUE)).toEqual(["lemon"]);
    expect(find("tomato", CATALOGUE)).toEqual(["tomato"]);
    expect(find("strawberry", CATALOGUE)).toEqual(["strawberry"]);
    expect(find("nuez", CATALOGUE)).toEqual(["walnut"]);
    expect(find("aguacate", CATALOGUE)).toEqual(["avocado"]);
    expect(find("fresa", CATALOGUE)).toEqual(["strawberry"]);
  });

  it("forgives trade aliases, as whole words, and keeps plátano a plantain", () => {
    expect(find("guineo", CATALOGUE)).toEqual(["banana"]);
    expect(find("palta", CATALOGUE)).toEqual(["avocado"]);
    expect(find("frutilla", CATALOGUE)).toEqual(["strawberry"]);
    expect(find("plátano", CATALOGUE)).toEqual(["plantain"]);
    expect(find("patatas", CATALOGUE)).toEqual(["potato"]);
    // "papa" is a potato: papaya has it inside a word, which only the typed word may match.
    expect(find("potato", CATALOGUE)).toEqual(["potato"]);
    expect(find("papa", CATALOGUE)).toEqual(["papaya", "potato"]);
  });

  it("ranks a whole name first, then a name that starts with the query, then a word, then the rest", () => {
    const names: Record<string, [string, string]> = {
      inside: ["Dragonfruit", "Pitahaya"],
      word: ["Kent Mangoes", "Kent mangos"],
      exact: ["Mangos", "Mangos"],
      start: ["Mango Ataulfo", "Mango ataulfo"],
      golden: ["Golden Pineapple", "Piña dorada"],
    };
    expect(find("mango", names)).toEqual(["exact", "start", "word"]);
    // Within a tier the given order (the page's sort) stays.
    expect(find("go", names)).toEqual(["golden", "inside", "word", "exact", "start"]);
    expect(find("mango ataulfo", names)).toEqual(["start"]);
    expect(find("ataulfo mango", names)).toEqual(["start"]);
    const search = compileSearch("hass avoc")!;
    expect(search.rank(searchKey("Hass Avocados", "Aguacates Hass"))).toBe(1);
    expect(search.rank(searchKey("Avocados, Hass", "Aguacates Hass"))).toBe(3);
  });

  it("ranks an alias's whole name first too", () => {
    const search = compileSearch("guineos")!;
    expect(search.rank(searchKey("Banana", "Banano"))).toBe(0);
    expect(search.rank(searchKey("Baby Bananas", "Bananitos"))).toBe(2);
  });
});

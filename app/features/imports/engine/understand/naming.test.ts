import { describe, expect, it } from "vitest";
import { inflect, nameItem } from "./naming";
import { parsePack } from "./pack";

/** Names one description the way understandRow does. */
function name(description: string, item?: string) {
  return nameItem({ description, packStart: parsePack(description).start, item });
}
const en = (description: string) => name(description).name;
const es = (description: string) => name(description).nameEs;
const category = (description: string) => name(description).category;

describe("names: English display name and Spanish name", () => {
  it("puts the variety before the commodity, in the singular, without pack, origin or packing words", () => {
    expect(name("AGUACATE HASS 48CT")).toMatchObject({
      name: "Hass Avocado",
      nameEs: "Aguacate Hass",
      recognized: true,
    });
    expect(en("STRAWBERRIES 8X1LB FLAT")).toBe("Strawberry");
    expect(en("TOMATE BOLA 5X6 25# 2 LAYER")).toBe("Round Tomato");
    expect(en("AVOCADO HASS ORGANIC CHOICE 48CT TX LOT 4821")).toBe("Organic Hass Avocado");
    expect(en("YUCA (CASSAVA) 40# WAXED")).toBe("Cassava (Yuca)");
    expect(en("Tomatillo c/cáscara 25 lb")).toBe("Tomatillo");
  });

  it("keeps Organic and size grades, and agrees Spanish adjectives with the noun", () => {
    expect(name("PEPPER, BELL GREEN XL 1 1/9 BU")).toMatchObject({
      name: "Green Bell Pepper XL",
      nameEs: "Pimiento morrón verde XL",
    });
    expect(name("onion yellow med 50#")).toMatchObject({
      name: "Yellow Onion Medium",
      nameEs: "Cebolla amarilla mediana",
    });
    expect(name("NOPALES LIMPIOS 10 LB")).toMatchObject({ name: "Cleaned Cactus Paddles", nameEs: "Nopal limpio" });
    expect(name("HUEVO BLANCO GRANDE 15 DZ")).toMatchObject({
      name: "Large White Eggs",
      nameEs: "Huevo blanco grande",
    });
    expect(name("UVA ROJA SIN SEMILLA 18 LB")).toMatchObject({
      name: "Red Seedless Grape",
      nameEs: "Uva roja sin semilla",
    });
    expect(es("AVOCADO HASS ORGANIC 48 CT")).toBe("Aguacate Hass orgánico");
    expect(inflect("~japonés", "f", true)).toBe("japonesas");
    expect(inflect("extra ~grande", "m", true)).toBe("extra grandes");
  });

  it("keeps one size: a second size word grades the lot, not the item", () => {
    expect(name("HUEVO BLANCO GRANDE JBO 15 DZ")).toMatchObject({
      name: "Large White Eggs",
      nameEs: "Huevo blanco grande",
    });
    expect(en("ONION YELLOW JUMBO MED 50#")).toBe("Yellow Onion Jumbo");
    expect(es("CHILE ANCHO ORGANIC 25#")).toBe("Chile ancho seco orgánico");
  });

  it("translates Spanish to English, reading Mexican limón as lime and plátano macho as plantain", () => {
    expect(name("LIMÓN PERSA 200CT")).toMatchObject({ name: "Persian Lime", category: "fruits" });
    expect(en("LEMONS 115CT")).toBe("Lemon");
    expect(name("PLÁTANO MACHO 50 LB")).toMatchObject({ name: "Plantain", nameEs: "Plátano macho" });
    expect(name("BANANAS #1 40LB")).toMatchObject({ name: "Banana", nameEs: "Guineo" });
    expect(en("ELOTE BLANCO 48 CT")).toBe("White Corn");
    expect(en("Hierbabuena (Mint) 24ct")).toBe("Mint");
    expect(en("PEREJIL RIZADO 60CT")).toBe("Curly Parsley");
  });

  it("names a product line in Spanish in the singular, as the trade's lists do (docs/glossary.md)", () => {
    expect(name("BLACK BEANS 25LB BAG")).toMatchObject({ name: "Black Beans", nameEs: "Frijol negro" });
    expect(es("LENTEJAS 25 LB")).toBe("Lenteja");
    expect(es("TORTILLA DE MAÍZ 5 LB")).toBe("Tortilla de maíz");
    expect(es("PEANUTS RAW 50 LB")).toBe("Maní crudo");
    expect(es("HOJA DE PLATANO 1 LB")).toBe("Hoja de plátano");
    expect(es("MICROGREENS MIXED 1 LB")).toBe("Microvegetales surtidos");
  });

  it("keeps the Spanish names English uses", () => {
    expect(en("EPAZOTE 24 BCH")).toBe("Epazote");
    expect(name("PÁPALO 24CT")).toMatchObject({ name: "Papalo", nameEs: "Pápalo", category: "herbs" });
    expect(en("CHILE JALAPEÑO 1 1/9 BU")).toBe("Jalapeño Pepper");
    expect(en("CHILE GÜERO 10 LB")).toBe("Güero Pepper");
    expect(name("QUESO FRESCO 12 OZ")).toMatchObject({ name: "Queso Fresco", category: "others" });
    expect(en("HOJA SANTA 1 LB")).toBe("Hoja Santa");
  });

  it("names dried chiles 'Dried X Chile', by name or by the word seco", () => {
    expect(name("CHILE GUAJILLO SECO 5 LB")).toMatchObject({
      name: "Dried Guajillo Chile",
      nameEs: "Chile guajillo seco",
      category: "dry_produce",
    });
    expect(name("CHILE ANCHO 25# SACO")).toMatchObject({ name: "Dried Ancho Chile", category: "dry_produce" });
    expect(name("Chile de Árbol – 1 kg")).toMatchObject({ name: "Dried Arbol Chile", nameEs: "Chile de árbol seco" });
    expect(en("CHILE CHIPOTLE MORITA 1 KG")).toBe("Dried Chipotle Morita Chile");
    expect(en("PUYA 5 LB")).toBe("Dried Puya Chile");
    expect(en("CHILES SECOS GUAJILLO 10 LB")).toBe("Dried Guajillo Chile");
    expect(name("CHILE SERRANO 10LB")).toMatchObject({ name: "Serrano Pepper", category: "vegetables" });
    expect(en("HABANERO 8 LB")).toBe("Habanero Pepper");
  });
});

describe("categories as a produce buyer files them", () => {
  it("files by what the item is, not by the first keyword in the text", () => {
    expect(category("TUNA ROJA (NOPAL) 10 LB")).toBe("fruits");
    expect(category("EJOTE (GREEN BEANS) 25#")).toBe("vegetables");
    expect(category("BLACK BEANS 25LB BAG")).toBe("dry_produce");
    expect(category("FLOR DE JAMAICA 1 LB")).toBe("dry_produce");
    expect(category("TORTILLA DE MAÍZ 5 LB")).toBe("others");
    expect(category("PILONCILLO 8 OZ CONO")).toBe("others");
  });

  it("does not take an egg from Chile for a pepper", () => {
    expect(name("HUEVO BLANCO GRANDE 15 DZ CHILE LOT 2231")).toMatchObject({
      name: "Large White Eggs",
      category: "others",
    });
    expect(name("QUESO FRESCO 10 LB CHILE LOT 77")).toMatchObject({ category: "others" });
    expect(name("PILONCILLO 1 LB CHILE LOT 9")).toMatchObject({ category: "others" });
    expect(name("UNA FRUTA 10 LB CHILE LOT 1")).toMatchObject({ recognized: false, category: "fruits" });
  });

  it("files COCO SECO as a fruit and TOMATE DE ÁRBOL as a fruit, not a dried chile", () => {
    expect(name("COCO SECO 12CT")).toMatchObject({ name: "Dry Coconut", nameEs: "Coco seco", category: "fruits" });
    expect(name("TOMATE DE ÁRBOL 10 LB")).toMatchObject({
      name: "Tamarillo",
      nameEs: "Tomate de árbol",
      category: "fruits",
    });
  });

  it("knows produce a keyword list lacks", () => {
    expect(name("GUANÁBANA 10#")).toMatchObject({ name: "Soursop (Guanábana)", category: "fruits" });
    expect(name("MAMEY 20 LB")).toMatchObject({ name: "Mamey Sapote", category: "fruits" });
    expect(name("MALANGA BLANCA 40 LB")).toMatchObject({ name: "White Malanga", category: "vegetables" });
    expect(name("CULANTRO 10 LB")).toMatchObject({ name: "Culantro (Recao)", category: "herbs" });
    expect(name("RECAO 24 BCH")).toMatchObject({ name: "Culantro (Recao)", category: "herbs" });
    expect(name("ÑAME 40#")).toMatchObject({ name: "Yam (Ñame)", nameEs: "Ñame", category: "vegetables" });
    expect(name("AJÍ DULCE 10 LB")).toMatchObject({ name: "Ají Dulce Pepper", category: "vegetables" });
    expect(name("PASSION FRUIT 5#")).toMatchObject({ nameEs: "Maracuyá", category: "fruits" });
    expect(name("GARBANZO 50 LB")).toMatchObject({ name: "Chickpeas", category: "dry_produce" });
    expect(name("OKRA 25 LB")).toMatchObject({ category: "vegetables" });
  });

  it("reads English and Spanish word orders and plurals alike", () => {
    expect(en("PEACHES YELLOW 25 LB")).toBe("Yellow Peach");
    expect(en("CABBAGE GREEN 50 LB")).toBe("Green Cabbage");
    expect(en("PEPPER RED BELL XL 25 LB")).toBe("Red Bell Pepper XL");
    expect(en("GRAPE TOMATOES 12X1 PT")).toBe("Grape Tomato");
    expect(en("MANGO MIEL 12 CT")).toBe("Ataulfo Mango");
    expect(en("LIMON CON SEMILLA 40 LB")).toBe("Lime");
  });

  it("moves dried fruit and herbs to dry produce", () => {
    expect(name("MANGO SECO 5 LB")).toMatchObject({ name: "Dried Mango", category: "dry_produce" });
    expect(name("OREGANO SECO 1 LB")).toMatchObject({ name: "Dried Oregano", category: "dry_produce" });
  });
});

describe("items the dictionary does not know", () => {
  it("reads the item name when the description names nothing known", () => {
    expect(name("SPECIAL OF THE WEEK 10 LB", "FRUTAS:MANGO KEITT")).toMatchObject({
      name: "Keitt Mango",
      recognized: true,
    });
  });

  it("copies the cleaned text and files it by the words around it", () => {
    expect(name("WIDGETFRUIT 24CT MEX LOT 22")).toMatchObject({
      name: "Widgetfruit",
      nameEs: "Widgetfruit",
      category: "others",
      recognized: false,
    });
    expect(name("RARE THING 24CT", "VERDURAS:RARE")).toMatchObject({
      name: "Rare Thing",
      category: "vegetables",
      recognized: false,
    });
  });

  it("never keeps markup in a display name", () => {
    expect(en('<script>alert("xss")</script> TOMATO ROMA 25LB')).toBe("Roma Tomato");
    expect(en("AGUACATE HASS 48CT <b>bold</b>")).toBe("Hass Avocado");
  });
});

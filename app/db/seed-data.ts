/** Demo catalogue: real produce, the trade's units, and the five slugs the landing page links to (D8). */
export type SeedProduct = {
  slug: string;
  en: string;
  es: string;
  category: "vegetables" | "fruits" | "dry_produce" | "herbs" | "others";
  cents: number;
  unit: string;
  packValue?: number;
  packUnit?: string;
  emoji: string;
  popularity?: number;
  quantity?: number;
  outOfStock?: boolean;
};

export const seedProducts: SeedProduct[] = [
  { slug: "sandia", en: "Seedless Watermelon", es: "Sandía sin semilla", category: "fruits", cents: 2450, unit: "bin", packValue: 60, packUnit: "ct", emoji: "watermelon", popularity: 98, quantity: 40 },
  { slug: "aguacates", en: "Hass Avocados", es: "Aguacates Hass", category: "fruits", cents: 5275, unit: "case", packValue: 48, packUnit: "ct", emoji: "avocado", popularity: 97, quantity: 120 },
  { slug: "mangoes", en: "Tommy Atkins Mangoes", es: "Mangos Tommy Atkins", category: "fruits", cents: 1895, unit: "case", packValue: 9, packUnit: "ct", emoji: "mango", popularity: 95, quantity: 200 },
  { slug: "vegetales-mix", en: "Mixed Vegetable Box", es: "Caja de vegetales mixtos", category: "vegetables", cents: 3400, unit: "case", packValue: 25, packUnit: "lb", emoji: "leafy-green", popularity: 94, quantity: 60 },
  { slug: "mayor", en: "Wholesale Restaurant Pack", es: "Paquete mayorista para restaurantes", category: "others", cents: 14900, unit: "pack", packValue: 1, packUnit: "ea", emoji: "package", popularity: 93, quantity: 25 },
  { slug: "bananas", en: "Bananas", es: "Guineos", category: "fruits", cents: 2150, unit: "case", packValue: 40, packUnit: "lb", emoji: "banana", popularity: 90, quantity: 300 },
  { slug: "pineapple", en: "Gold Pineapple", es: "Piña dorada", category: "fruits", cents: 1975, unit: "case", packValue: 7, packUnit: "ct", emoji: "pineapple", popularity: 80, quantity: 90 },
  { slug: "limes", en: "Persian Limes", es: "Limones persas", category: "fruits", cents: 2800, unit: "case", packValue: 40, packUnit: "lb", emoji: "lemon", popularity: 85, quantity: 150 },
  { slug: "lemons", en: "Lemons", es: "Limones amarillos", category: "fruits", cents: 3650, unit: "case", packValue: 115, packUnit: "ct", emoji: "lemon", popularity: 70, quantity: 80 },
  { slug: "red-apples", en: "Red Delicious Apples", es: "Manzanas rojas", category: "fruits", cents: 3895, unit: "case", packValue: 88, packUnit: "ct", emoji: "red-apple", popularity: 60, quantity: 70 },
  { slug: "strawberries", en: "Strawberries", es: "Fresas", category: "fruits", cents: 2600, unit: "flat", packValue: 8, packUnit: "lb", emoji: "strawberry", popularity: 75, quantity: 45 },
  { slug: "papaya", en: "Maradol Papaya", es: "Papaya maradol", category: "fruits", cents: 2250, unit: "case", packValue: 35, packUnit: "lb", emoji: "mango", popularity: 55, quantity: 30, outOfStock: true },
  { slug: "coconut", en: "Dry Coconut", es: "Coco seco", category: "fruits", cents: 2400, unit: "bag", packValue: 25, packUnit: "ct", emoji: "coconut", popularity: 40, quantity: 25 },
  { slug: "tomatoes", en: "Roma Tomatoes", es: "Tomates roma", category: "vegetables", cents: 2275, unit: "case", packValue: 25, packUnit: "lb", emoji: "tomato", popularity: 92, quantity: 220 },
  { slug: "onions-yellow", en: "Yellow Onions", es: "Cebollas amarillas", category: "vegetables", cents: 2100, unit: "bag", packValue: 50, packUnit: "lb", emoji: "onion", popularity: 88, quantity: 180 },
  { slug: "potatoes", en: "Russet Potatoes", es: "Papas russet", category: "vegetables", cents: 2550, unit: "bag", packValue: 50, packUnit: "lb", emoji: "potato", popularity: 86, quantity: 160 },
  { slug: "green-peppers", en: "Green Bell Peppers", es: "Pimientos verdes", category: "vegetables", cents: 2995, unit: "case", packValue: 25, packUnit: "lb", emoji: "bell-pepper", popularity: 78, quantity: 75 },
  { slug: "carrots", en: "Jumbo Carrots", es: "Zanahorias jumbo", category: "vegetables", cents: 2450, unit: "bag", packValue: 50, packUnit: "lb", emoji: "carrot", popularity: 72, quantity: 95 },
  { slug: "cucumbers", en: "Cucumbers", es: "Pepinos", category: "vegetables", cents: 1850, unit: "case", packValue: 1.111, packUnit: "bu", emoji: "cucumber", popularity: 65, quantity: 110 },
  { slug: "romaine", en: "Romaine Hearts", es: "Corazones de lechuga romana", category: "vegetables", cents: 3150, unit: "case", packValue: 12, packUnit: "ct", emoji: "leafy-green", popularity: 68, quantity: 50 },
  { slug: "broccoli", en: "Broccoli Crowns", es: "Brócoli", category: "vegetables", cents: 3325, unit: "case", packValue: 20, packUnit: "lb", emoji: "broccoli", popularity: 58, quantity: 40 },
  { slug: "corn", en: "Sweet Corn", es: "Maíz dulce", category: "vegetables", cents: 1995, unit: "crate", packValue: 48, packUnit: "ct", emoji: "ear-of-corn", popularity: 50, quantity: 60 },
  { slug: "garlic", en: "Peeled Garlic", es: "Ajo pelado", category: "vegetables", cents: 4200, unit: "case", packValue: 4, packUnit: "lb", emoji: "garlic", popularity: 62, quantity: 35 },
  { slug: "eggplant", en: "Eggplant", es: "Berenjena", category: "vegetables", cents: 2050, unit: "case", packValue: 1.111, packUnit: "bu", emoji: "eggplant", popularity: 35, quantity: 20 },
  { slug: "cilantro", en: "Cilantro", es: "Cilantro", category: "herbs", cents: 1850, unit: "case", packValue: 60, packUnit: "bunch", emoji: "herb", popularity: 82, quantity: 70 },
  { slug: "parsley", en: "Italian Parsley", es: "Perejil italiano", category: "herbs", cents: 1950, unit: "case", packValue: 60, packUnit: "bunch", emoji: "herb", popularity: 64, quantity: 45 },
  { slug: "basil", en: "Basil", es: "Albahaca", category: "herbs", cents: 1400, unit: "box", packValue: 1, packUnit: "lb", emoji: "herb", popularity: 56, quantity: 25 },
  { slug: "mint", en: "Mint", es: "Hierbabuena", category: "herbs", cents: 1650, unit: "case", packValue: 24, packUnit: "bunch", emoji: "herb", popularity: 44, quantity: 15 },
  { slug: "culantro", en: "Culantro (Recao)", es: "Culantro (recao)", category: "herbs", cents: 2100, unit: "case", packValue: 10, packUnit: "lb", emoji: "herb", popularity: 30, quantity: 10 },
  { slug: "black-beans", en: "Black Beans", es: "Frijoles negros", category: "dry_produce", cents: 4350, unit: "bag", packValue: 50, packUnit: "lb", emoji: "beans", popularity: 54, quantity: 40 },
  { slug: "guajillo", en: "Guajillo Chiles", es: "Chiles guajillo", category: "dry_produce", cents: 2900, unit: "box", packValue: 5, packUnit: "lb", emoji: "hot-pepper", popularity: 46, quantity: 20 },
  { slug: "rice", en: "Long Grain Rice", es: "Arroz grano largo", category: "dry_produce", cents: 2675, unit: "bag", packValue: 50, packUnit: "lb", emoji: "cooked-rice", popularity: 52, quantity: 60 },
  { slug: "peanuts", en: "Raw Peanuts", es: "Maní crudo", category: "dry_produce", cents: 3800, unit: "bag", packValue: 25, packUnit: "lb", emoji: "peanuts", popularity: 28, quantity: 12 },
  { slug: "eggs", en: "Large White Eggs", es: "Huevos blancos grandes", category: "others", cents: 4500, unit: "case", packValue: 15, packUnit: "dz", emoji: "egg", popularity: 74, quantity: 55 },
  { slug: "honey", en: "Wildflower Honey", es: "Miel de flores", category: "others", cents: 5200, unit: "case", packValue: 12, packUnit: "ct", emoji: "honey-pot", popularity: 32, quantity: 18 },
  { slug: "sugarcane", en: "Sugarcane", es: "Caña de azúcar", category: "others", cents: 2600, unit: "bundle", packValue: 20, packUnit: "ct", emoji: "bamboo", popularity: 20, quantity: 10 },
];

export const seedPriceLists = [
  {
    slug: "wholesale",
    name: "Wholesale",
    description: "Our published wholesale prices.",
    isPublic: true,
    isDefaultForCustomers: false,
    isTemplate: false,
    percentBasisPoints: 0,
  },
  {
    slug: "customers",
    name: "Customers",
    description: "Prices for registered customers: wholesale less 5%.",
    isPublic: false,
    isDefaultForCustomers: true,
    isTemplate: false,
    percentBasisPoints: -500,
  },
  {
    slug: "restaurants",
    name: "Restaurants",
    description: "Template for restaurant accounts: wholesale plus 8%.",
    isPublic: false,
    isDefaultForCustomers: false,
    isTemplate: true,
    percentBasisPoints: 800,
  },
] as const;

export const demoPassword = "produce-demo-2026";
export const demoAccounts = [
  { email: "admin@demo.test", name: "Ana Admin", role: "admin" },
  { email: "seller@demo.test", name: "Sergio Seller", role: "seller" },
  { email: "customer@demo.test", name: "Carla Customer", role: "customer" },
] as const;

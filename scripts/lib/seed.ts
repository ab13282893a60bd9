import { seedCatalog, seedDemoAccounts } from "../../app/setup/seed.server";
import { generateDemoImages } from "../../app/setup/seed-images.server";

export type SeedResult = { catalogSeeded: boolean; imagesWritten: number; accountsCreated: string[] };

/**
 * Seeds the open database: the catalogue and price lists once per database, the demo images
 * into the local uploads folder, and with `demo` the three demo accounts. Safe to run again.
 */
export async function seedDatabase({
  demo = false,
  dataDir,
}: { demo?: boolean; dataDir?: string } = {}): Promise<SeedResult> {
  const catalogSeeded = await seedCatalog();
  const images = await generateDemoImages(dataDir);
  const accountsCreated = demo ? await seedDemoAccounts() : [];
  return { catalogSeeded, imagesWritten: images.length, accountsCreated };
}

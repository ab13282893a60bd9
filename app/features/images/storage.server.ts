import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isImageKey } from "~/lib/images";

/** Where uploaded originals live. Keys are never reused, so nothing is ever overwritten. */
export type ImageStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
};

/** The default: files under DATA_DIR/uploads, served at /uploads and resized by /img. */
export function localStorage(dataDir: string): ImageStorage {
  const root = path.resolve(dataDir, "uploads");
  return {
    async put(key, bytes) {
      if (!isImageKey(key)) throw new Error("refusing an image key outside the contract");
      const target = path.resolve(root, key);
      mkdirSync(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so a crash never leaves half a picture under a real key.
      const partial = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        writeFileSync(partial, bytes, { flag: "wx" });
        renameSync(partial, target);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
    },
  };
}

let override: ImageStorage | undefined;

export function imageStorage(): ImageStorage {
  return override ?? localStorage(process.env.DATA_DIR ?? "./data");
}

/** Tests replace the storage to make it fail; nothing a user can reach calls this. */
export function setImageStorageForTests(storage: ImageStorage | undefined) {
  override = storage;
}

import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { config } from "~/config.server";
import { isImageKey } from "~/lib/images";

/** Uploaded pictures are served with this cache lifetime, as the specification says. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=3600";

/**
 * Where uploaded originals live. Keys are never reused, so nothing is ever overwritten and a copy
 * of an object, once fetched, stays valid.
 */
export type ImageStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when the storage has no such key. */
  get(key: string): Promise<Buffer | undefined>;
  /** True when the originals live elsewhere and DATA_DIR/uploads only holds copies. */
  remote: boolean;
};

function uploadsPath(dataDir: string, key: string) {
  if (!isImageKey(key)) throw new Error("refusing an image key outside the contract");
  const root = path.resolve(dataDir, "uploads");
  const target = path.resolve(root, key);
  if (!target.startsWith(root + path.sep)) throw new Error("refusing an image key outside the uploads folder");
  return target;
}

/** Written beside the target and renamed, so a crash never leaves half a picture under a real key. */
function writeAtomically(target: string, bytes: Buffer) {
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(partial, bytes, { flag: "wx" });
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The default: files under DATA_DIR/uploads, served at /uploads and resized by /img. */
export function localStorage(dataDir: string): ImageStorage {
  return {
    remote: false,
    async put(key, bytes) {
      writeAtomically(uploadsPath(dataDir, key), bytes);
    },
    async get(key) {
      const file = uploadsPath(dataDir, key);
      if (!existsSync(file)) return undefined;
      const { readFile } = await import("node:fs/promises");
      return readFile(file);
    },
  };
}

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * An S3-compatible bucket (path-style addressing, which AWS, R2 and MinIO all accept), signed
 * with SigV4. Objects carry the one-hour cache header, so a CDN in front of the bucket serves
 * them as this site would.
 */
export function s3Storage(options: S3Options): ImageStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
    // A failing bucket answers the person within seconds; the upload can be tried again.
    retries: 2,
  });
  const objectUrl = (key: string) => {
    if (!isImageKey(key)) throw new Error("refusing an image key outside the contract");
    const base = options.endpoint.replace(/\/$/, "");
    return `${base}/${encodeURIComponent(options.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  };
  return {
    remote: true,
    async put(key, bytes, contentType) {
      const res = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "Content-Type": contentType, "Cache-Control": UPLOAD_CACHE_CONTROL },
      });
      if (!res.ok) throw new Error(`the image storage answered ${res.status} to storing ${key}`);
    },
    async get(key) {
      const res = await client.fetch(objectUrl(key));
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`the image storage answered ${res.status} to reading ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

let override: ImageStorage | undefined;

/** S3 when the four S3 settings are given, else the local disk. */
export function imageStorage(): ImageStorage {
  if (override) return override;
  const c = config();
  if (c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: c.S3_ENDPOINT,
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
      accessKeyId: c.S3_ACCESS_KEY_ID,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    });
  }
  return localStorage(process.env.DATA_DIR ?? c.DATA_DIR);
}

/**
 * Stores an upload: in the configured storage, and (when that is a bucket) also in this
 * instance's DATA_DIR/uploads, so the image service here can resize it at once.
 */
export async function storeOriginal(key: string, bytes: Buffer, contentType: string) {
  const storage = imageStorage();
  await storage.put(key, bytes, contentType);
  if (storage.remote) writeAtomically(uploadsPath(process.env.DATA_DIR ?? config().DATA_DIR, key), bytes);
}

/**
 * Makes sure DATA_DIR/uploads holds the key: with a bucket, another instance may have stored it.
 * Says whether the file is there now. Unknown keys and storage failures answer false.
 */
export async function ensureLocalCopy(dataDir: string, key: string): Promise<boolean> {
  if (!isImageKey(key)) return false;
  let target: string;
  try {
    target = uploadsPath(dataDir, key);
  } catch {
    return false;
  }
  if (existsSync(target)) return true;
  // Only uploads live in the bucket; anyone may ask for any key, so a miss is remembered a while
  // and concurrent requests for one key share one fetch.
  if (!key.startsWith(`${UPLOAD_PREFIX}/`)) return false;
  const storage = imageStorage();
  if (!storage.remote) return false;
  const missedAt = misses.get(key);
  if (missedAt !== undefined && Date.now() - missedAt < MISS_TTL_MS) return false;
  let job = fetching.get(key);
  if (!job) {
    job = (async () => {
      const bytes = await storage.get(key);
      if (!bytes) {
        if (misses.size >= MISS_CACHE_MAX) misses.clear();
        misses.set(key, Date.now());
        return false;
      }
      writeAtomically(target, bytes);
      return true;
    })().finally(() => fetching.delete(key));
    fetching.set(key, job);
  }
  return job;
}

/** Where uploaded product pictures are stored under (`products/<uuid>.webp`). */
export const UPLOAD_PREFIX = "products";
const MISS_TTL_MS = 60_000;
const MISS_CACHE_MAX = 10_000;
const misses = new Map<string, number>();
const fetching = new Map<string, Promise<boolean>>();

/** Tests replace the storage to make it fail; nothing a user can reach calls this. */
export function setImageStorageForTests(storage: ImageStorage | undefined) {
  override = storage;
}

import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { priceList, product } from "./catalog";

export const contactRequest = pgTable("contact_request", {
  id: uuid("id").primaryKey().defaultRandom(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  company: text("company"),
  reason: text("reason").notNull(),
  purchaseSize: text("purchase_size"),
  message: text("message").notNull(),
  locale: text("locale").notNull().default("en"),
  clientIp: text("client_ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const importRun = pgTable(
  "import_run",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    priceListId: uuid("price_list_id").references(() => priceList.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    format: text("format"),
    mode: text("mode").notNull().default("interactive"),
    status: text("status").notNull().default("pending"),
    totalBatches: integer("total_batches").notNull().default(0),
    totalRows: integer("total_rows").notNull().default(0),
    summary: jsonb("summary"),
    outcome: text("outcome"),
    fileKey: text("file_key"),
    /** Rows per batch: batch n holds data rows (n-1)*batchSize+1 … n*batchSize. */
    batchSize: integer("batch_size").notNull().default(500),
    /** What the server needs to go on with the run: the detected format, the file's repeated items. */
    context: jsonb("context"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("import_run_started_idx").on(t.startedAt)],
);

/** A batch is applied whole or not at all, and never twice: its row is written in the batch's transaction. */
export const importBatch = pgTable(
  "import_batch",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => importRun.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(1),
    error: text("error"),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.number] })],
);

export const importRow = pgTable(
  "import_row",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: uuid("run_id")
      .notNull()
      .references(() => importRun.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    batchNumber: integer("batch_number").notNull(),
    sourceName: text("source_name"),
    processedName: text("processed_name"),
    productId: uuid("product_id").references(() => product.id),
    aiStatus: text("ai_status").notNull().default("pending"),
    dbProductStatus: text("db_product_status").notNull().default("pending"),
    dbPriceStatus: text("db_price_status").notNull().default("pending"),
    finalStatus: text("final_status").notNull().default("pending"),
    finalMessage: text("final_message"),
    raw: jsonb("raw"),
    /**
     * The row's own names, QuickBooks ID and SKU as app/lib/search.ts keys them
     * (docs/decisions/028-search.md); null on rows stored before the search, found by their product's key.
     */
    searchKey: text("search_key"),
  },
  (t) => [
    index("import_row_run_idx").on(t.runId, t.rowNumber),
    index("import_row_status_idx").on(t.runId, t.finalStatus, t.rowNumber),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A file handed to a background import, kept until its run finishes. In the database rather than
 * on one instance's disk, so whichever app instance claims the job (or resumes it after a restart)
 * can read it.
 */
export const importFile = pgTable("import_file", {
  runId: uuid("run_id")
    .primaryKey()
    .references(() => importRun.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
  byteSize: integer("byte_size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Background jobs: rows claimed with FOR UPDATE SKIP LOCKED and held by a lease with a heartbeat. */
export const job = pgTable(
  "job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    workerId: text("worker_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_claim_idx").on(t.status, t.runAfter)],
);

/** Every message is written here (docs/decisions/006-mail-outbox.md); SMTP delivers it when configured. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    channel: text("channel").notNull().default("email"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_status_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

import { sql, type SQL } from "drizzle-orm";

/**
 * Many rows in one statement, whatever their number: each column travels as ONE array parameter
 * and `unnest` turns the arrays back into rows. The statement stays a few hundred bytes, is built
 * in microseconds, and is parsed once by the server. (A multi-row VALUES list costs Drizzle's
 * query builder seconds for tens of thousands of rows, and PostgreSQL caps a statement at 65,535
 * parameters.) Works the same on PGlite and node-postgres.
 *
 *   sql`insert into ${table} (a, b) ${unnestRows([[aValues, "text"], [bValues, "integer"]])}`
 *   sql`update ${table} t set b = v.b from ${unnestRows([...], ["id", "b"])} where t.id = v.id`
 */
export function unnestRows(columns: Array<[values: readonly unknown[], pgType: string]>, names?: string[]): SQL {
  const length = columns[0]?.[0].length ?? 0;
  for (const [values] of columns) {
    if (values.length !== length) throw new Error("unnestRows: every column needs one value per row");
  }
  const arrays = sql.join(
    columns.map(([values, type]) => sql`${sql.param(values.map(toParam))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  if (!names) return sql`select * from unnest(${arrays})`;
  return sql`(select * from unnest(${arrays}) as v(${sql.raw(names.map((n) => `"${n.replace(/"/g, '""')}"`).join(", "))})) as v`;
}

/** Values as both drivers send them in an array: dates as ISO text, objects as JSON text. */
function toParam(value: unknown) {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

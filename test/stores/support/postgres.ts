/** A throwaway PostgreSQL schema per test file: unique name, dropped afterwards. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { POSTGRES_URL } from "../../support/services.js";

export const uniqueSchema = (label: string) => `arc_test_${label}_${randomBytes(5).toString("hex")}`;

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Runs one query with a fresh connection (for checking what a store wrote, behind its back). */
export async function queryDirect<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

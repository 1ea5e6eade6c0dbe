/**
 * `arcroute usage --org <id> [--month YYYY-MM]`: an organization's billed significance queries and
 * amount for one calendar month (UTC), read from the durable store the server writes to. The same
 * figures as `GET <base>/usage`, for any month.
 */
import { monthOf } from "../../http/routes/usage.js";
import { orgOption, parseCommandArgs, queryTimeoutOption, requireDurableStore, STORE_OPTIONS, storeSpec } from "../../serve/cli-options.js";
import { openStore } from "../../stores/open.js";
import type { Command } from "../command.js";
import { CliError } from "../errors.js";
import { writeLine } from "../io.js";

const usage = `Usage: arcroute usage --org <id> [--month YYYY-MM] [--store pglite:<dir>|postgres://...] [--query-timeout-ms N] [--json]

Billed significance queries (POST /activate with significance_gate true and a live key) and the
amount ($0.001 each, stored as integer micro-dollars) of one organization for a calendar month in
UTC (default: the current month). The store is the server's (or $ARCROUTE_STORE); the memory store
is refused. With PostgreSQL, --query-timeout-ms is the longest one statement may take (default 30000).
--json prints {org_id, month, from, to, billed_queries, amount_micros, amount_usd}.`;

/** "2026-11" → the first instant of that month (UTC). */
function parseMonth(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  const year = Number(match?.[1]);
  // Billing starts after 1970; the month after 9998-12 still has a four-digit year SQL can read.
  if (!match || year < 1970 || year > 9998) throw new CliError(`--month must be YYYY-MM from 1970-01 to 9998-12, got '${value}'`);
  return new Date(Date.UTC(year, Number(match[2]) - 1, 1));
}

/** Micro-dollars as dollars with at least three decimals ($0.001 is the unit price). */
export function formatUsd(micros: number): string {
  const [whole, fraction = ""] = (micros / 1_000_000).toFixed(6).split(".");
  return `${whole}.${fraction.replace(/0+$/, "").padEnd(3, "0")}`;
}

export const command: Command = {
  summary: "billed significance queries and amount of an organization for a month",
  usage,
  async run(args, io) {
    const { values } = parseCommandArgs(args, { org: { type: "string" }, month: { type: "string" }, ...STORE_OPTIONS, json: { type: "boolean" } });
    if (values.org === undefined) throw new CliError("usage needs --org <id>");
    const org = orgOption(values.org);
    const { from, to } = monthOf(parseMonth(values.month, new Date()));
    const month = from.slice(0, 7);
    const spec = storeSpec(values.store);
    requireDurableStore(spec, "usage");
    const store = await openStore(spec, queryTimeoutOption(spec, values["query-timeout-ms"]));
    let result;
    try {
      if (!(await store.getOrganization(org))) throw new CliError(`no organization '${org}' in this store`, 1);
      result = await store.usage(org, from, to);
    } finally {
      await store.close();
    }
    const amount = formatUsd(result.amount_micros);
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify({ ...result, month, amount_usd: amount }));
      return 0;
    }
    await writeLine(io.stdout, `${org} ${month}: ${result.billed_queries} billed significance ${result.billed_queries === 1 ? "query" : "queries"}, $${amount}`);
    return 0;
  },
};

/**
 * The memory store's billing records, by organization and calendar month (UTC), with running
 * totals: `GET /usage` asks for one organization's month and reads that month's totals, not every
 * charge ever recorded. Records are kept (billing data is never dropped); a window that cuts
 * through a month reads that month's records only.
 */
import type { BillingRecord } from "../types.js";

interface Month {
  billed: number;
  amount: number;
  records: BillingRecord[];
}

export interface ChargeIndex {
  has(id: string): boolean;
  add(charge: BillingRecord): void;
  /** Count and sum of an organization's charges in [from, to) (epoch milliseconds). */
  sum(orgId: string, from: number, to: number): { billed: number; amount: number };
}

const monthOf = (ms: number): number => {
  const day = new Date(ms);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
};
const monthAfter = (start: number): number => {
  const day = new Date(start);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1);
};

export function createChargeIndex(): ChargeIndex {
  const ids = new Set<string>();
  const months = new Map<string, Map<number, Month>>();

  function monthFor(orgId: string, start: number): Month {
    let byStart = months.get(orgId);
    if (!byStart) months.set(orgId, (byStart = new Map()));
    let month = byStart.get(start);
    if (!month) byStart.set(start, (month = { billed: 0, amount: 0, records: [] }));
    return month;
  }

  return {
    has: (id) => ids.has(id),
    add(charge) {
      const month = monthFor(charge.org_id, monthOf(Date.parse(charge.created_at)));
      month.billed += 1;
      month.amount += charge.amount_micros;
      month.records.push(charge);
      ids.add(charge.id);
    },
    sum(orgId, from, to) {
      const total = { billed: 0, amount: 0 };
      for (const [start, month] of months.get(orgId) ?? []) {
        const end = monthAfter(start);
        if (end <= from || start >= to) continue;
        if (from <= start && end <= to) {
          total.billed += month.billed;
          total.amount += month.amount;
          continue;
        }
        for (const record of month.records) {
          const at = Date.parse(record.created_at);
          if (at >= from && at < to) {
            total.billed += 1;
            total.amount += record.amount_micros;
          }
        }
      }
      return total;
    },
  };
}

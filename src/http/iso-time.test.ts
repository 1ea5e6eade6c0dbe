import { describe, expect, it } from "vitest";
import { newRecordId } from "./ids.js";
import { isoTimestamp } from "./iso-time.js";

describe("isoTimestamp", () => {
  it("is toISOString, within a second and across seconds, years and signs", () => {
    const bases = [0, -1, -1000, Date.UTC(2026, 10, 23, 12, 0, 59, 998), Date.UTC(-1, 0, 1), 8.64e15 - 1500, -8.64e15, Date.UTC(9999, 11, 31, 23, 59, 59)];
    for (const base of bases) {
      for (let offset = 0; offset < 1500; offset += 7) {
        const date = new Date(base + offset);
        expect(isoTimestamp(date)).toBe(date.toISOString());
      }
    }
  });

  it("throws like toISOString for an invalid date", () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("newRecordId", () => {
  it("is a lower-case UUID v4, different every time", () => {
    const ids = Array.from({ length: 200 }, newRecordId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

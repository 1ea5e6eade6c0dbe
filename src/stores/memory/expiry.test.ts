import { describe, expect, it } from "vitest";
import { dropExpired, setLast } from "./expiry.js";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe("memory store idempotency expiry", () => {
  it("drops the expired rows at the front and keeps every live one", () => {
    const rows = new Map<string, { expires_at: string }>();
    for (let minute = 0; minute < 10; minute++) setLast(rows, `k${minute}`, { expires_at: at(minute) });
    dropExpired(rows, at(4));
    expect([...rows.keys()]).toEqual(["k5", "k6", "k7", "k8", "k9"]);
    dropExpired(rows, at(60));
    expect(rows.size).toBe(0);
  });

  it("a re-used id moves behind the live rows, so the sweep still reaches the expired ones after it", () => {
    const rows = new Map<string, { expires_at: string }>();
    setLast(rows, "a", { expires_at: at(1) });
    setLast(rows, "b", { expires_at: at(2) });
    setLast(rows, "a", { expires_at: at(30) }); // "a" expired and was written again
    dropExpired(rows, at(10));
    expect([...rows.keys()]).toEqual(["a"]);
  });
});

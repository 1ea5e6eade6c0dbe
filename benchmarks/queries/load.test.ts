import { describe, expect, it } from "vitest";
import { ARC_TYPES } from "../../src/schema/vocabulary.js";
import { loadQueries, parseQueries } from "./load.js";

const good = {
  id: "x-1", split: "train", group: "significance", query: "times dad was proud of me",
  gate: true, arc_types: ["bond"], tether_type: "person", valence: "positive", intensity: "medium",
};
const negative = { id: "x-2", split: "train", group: "task", query: "set a timer", gate: false, arc_types: [], tether_type: null, valence: null, intensity: null };
const lines = (...objects: unknown[]) => objects.map((o) => JSON.stringify(o)).join("\n") + "\n";

describe("parseQueries", () => {
  it("parses valid lines and skips blank ones", () => {
    const parsed = parseQueries(lines(good) + "\n" + lines(negative), "f.jsonl");
    expect(parsed.map((q) => q.id)).toEqual(["x-1", "x-2"]);
    expect(parsed[0]!.arc_types).toEqual(["bond"]);
  });

  it("names the file and line of invalid JSON", () => {
    expect(() => parseQueries(lines(good) + "{oops\n", "f.jsonl")).toThrow("f.jsonl:2: invalid JSON");
  });

  it("rejects non-canonical vocabulary with the field path", () => {
    expect(() => parseQueries(lines({ ...good, arc_types: ["sadness"] }), "f.jsonl")).toThrow(/^f\.jsonl:1: arc_types\.0:/);
    expect(() => parseQueries(lines({ ...good, tether_type: "pet" }), "f.jsonl")).toThrow(/^f\.jsonl:1: tether_type:/);
    expect(() => parseQueries(lines({ ...good, valence: "happy" }), "f.jsonl")).toThrow(/^f\.jsonl:1: valence:/);
    expect(() => parseQueries(lines({ ...good, group: "misc" }), "f.jsonl")).toThrow(/^f\.jsonl:1: group:/);
  });

  it("enforces gate consistency", () => {
    expect(() => parseQueries(lines({ ...good, arc_types: [] }), "f")).toThrow("f:1: arc_types: a gate-true query needs 1–3 arc types");
    expect(() => parseQueries(lines({ ...negative, valence: "positive" }), "f")).toThrow("f:1: valence: must be null when gate is false");
    expect(() => parseQueries(lines({ ...good, group: "task" }), "f")).toThrow("f:1: gate: task queries have gate false");
    expect(() => parseQueries(lines({ ...good, arc_types: ["bond", "bond"] }), "f")).toThrow("arc types must be distinct");
  });

  it("rejects unknown fields, duplicate ids and the wrong split", () => {
    expect(() => parseQueries(lines({ ...good, extra: 1 }), "f")).toThrow(/^f:1: /);
    expect(() => parseQueries(lines(good, { ...negative, id: "x-1" }), "f")).toThrow("f:2: duplicate id 'x-1'");
    expect(() => parseQueries(lines(good), "f", "heldout")).toThrow("f:1: split is 'train', expected 'heldout'");
  });
});

describe("the shipped train split", () => {
  const train = loadQueries("train");

  it("meets the train-side minimums of the issue", () => {
    expect(train.length).toBeGreaterThanOrEqual(420);
    for (const arc of ARC_TYPES) {
      const n = train.filter((q) => q.group === "significance" && q.arc_types[0] === arc).length;
      expect(n, arc).toBeGreaterThanOrEqual(18);
    }
    for (const group of ["factual_personal", "factual_world", "task", "chitchat", "tricky_negative"] as const) {
      expect(train.filter((q) => q.group === group).length, group).toBeGreaterThanOrEqual(25);
    }
    expect(train.filter((q) => q.group === "borderline").length).toBeGreaterThanOrEqual(15);
  });

  it("has unique query texts", () => {
    const texts = train.map((q) => q.query.trim().toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });
});

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tag } from "../../tag/index.js";

// Runs the built CLI (`npm run build` first, as the README's test command does).
const ROOT = join(import.meta.dirname, "../../..");
const BIN = join(ROOT, "bin/arcroute.js");
const built = existsSync(join(ROOT, "dist/src/cli/main.js"));

function run(args: string[], input?: string) {
  return spawnSync(process.execPath, [BIN, "tag", ...args], { input, encoding: "utf8", cwd: ROOT });
}

const NAN = "Nan died on a Tuesday morning in the hospice while I was holding her hand.";
const ERRAND = "Bought milk and batteries at the corner shop.";

describe.skipIf(!built)("arcroute tag", () => {
  it("prints the payload tag() gives one text", () => {
    const r = run([NAN]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(tag(NAN));
  });

  it("--jsonl fills each document's payload in order, keeping the fields it already has", () => {
    const documents = [
      { id: "m1", text: NAN },
      { id: "m2", text: ERRAND, source: "notes" },
      { id: "m3", text: NAN, payload: { arc_type: "bond", person: "Nan" } },
    ];
    const r = run(["--jsonl"], documents.map((d) => JSON.stringify(d)).join("\n") + "\n\n");
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out.map((d) => d.id)).toEqual(["m1", "m2", "m3"]);
    expect(out[0]).toEqual({ id: "m1", text: NAN, payload: tag(NAN) });
    expect(out[1]).toMatchObject({ source: "notes", payload: tag(ERRAND) });
    expect(out[2].payload).toEqual({ ...tag(NAN), arc_type: "bond", person: "Nan" });
  });

  it("--jsonl gives secondary arcs only beside its own arc, and refuses given fields the adapters could never match", () => {
    const repeated = `${NAN} `.repeat(5).trim();
    expect(tag(repeated).secondary_arc_types?.length).toBeGreaterThan(0); // the case under test
    const lines = [
      { id: "a", text: repeated, payload: { arc_type: "gratitude" } },
      { id: "b", text: repeated, payload: { arc_type: null } },
      { id: "c", text: NAN, payload: { arc_type: "Grief" } },
      { id: "d", text: NAN, payload: { emotional_weight: "0.9" } },
      { id: "e", text: NAN, payload: { constellation: { arc_type: "bond" } } },
      { id: "f", text: NAN, payload: { strength_score: "0.9" } },
      { id: "g", text: NAN, payload: { strength_score: 7 } },
      { id: "h", text: NAN, payload: { secondary_arc_types: ["grief"] } },
    ].map((d) => JSON.stringify(d));
    const r = run(["--jsonl"], lines.join("\n"));
    expect(r.status).toBe(1);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out[0].payload.arc_type).toBe("gratitude");
    expect(out[0].payload).not.toHaveProperty("secondary_arc_types");
    // A field given as null is a field not given: the tagger's arc and its secondary arcs fill it.
    expect(out[1].payload).toMatchObject({ arc_type: tag(repeated).arc_type, secondary_arc_types: tag(repeated).secondary_arc_types });
    expect(out.slice(2)).toEqual([
      { line: 3, error: '"payload.arc_type" is "Grief", not a canonical EDM value' },
      { line: 4, error: '"payload.emotional_weight" must be a number from 0 to 1' },
      { line: 5, error: '"payload" has EDM fields nested under "constellation": tag fills flat fields, give the payload flat' },
      { line: 6, error: '"payload.strength_score" must be a number from 0 to 1' },
      { line: 7, error: '"payload.strength_score" must be a number from 0 to 1' },
      { line: 8, error: '"payload.secondary_arc_types" needs "payload.arc_type" beside it' },
    ]);
  });

  it("--jsonl reads a file that starts with a byte-order mark, and counts the text limit in characters (code points)", () => {
    const lines = ["\uFEFF" + JSON.stringify({ id: "a", text: NAN }), JSON.stringify({ id: "b", text: "😭".repeat(50_001) }), JSON.stringify({ id: "c", text: "😭".repeat(100_001) })];
    const r = run(["--jsonl"], lines.join("\r\n"));
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out[0]).toEqual({ id: "a", text: NAN, payload: tag(NAN) });
    expect(out[1].id).toBe("b");
    expect(out[2]).toEqual({ line: 3, error: '"text" is longer than 100000 characters' });
  });

  it("--jsonl skips blank lines but counts them in an error's line number (the line an editor shows)", () => {
    const r = run(["--jsonl"], "\n  \nnot json\n");
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l))).toEqual([{ line: 3, error: "not JSON" }]);
  });

  it("--jsonl answers a bad line in its place, tags the others and exits 1", () => {
    const lines = [JSON.stringify({ id: "a", text: NAN }), "not json", JSON.stringify({ id: "b" }), JSON.stringify({ id: "c", text: ERRAND, payload: [1] }), "[1,2]", JSON.stringify({ id: "d", text: "x".repeat(100_001) }), JSON.stringify({ id: "e", text: ERRAND })];
    const r = run(["--jsonl"], lines.join("\n"));
    expect(r.status).toBe(1);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out).toHaveLength(7);
    expect(out[0].id).toBe("a");
    expect(out.slice(1, 6)).toEqual([
      { line: 2, error: "not JSON" },
      { line: 3, error: 'expected a non-empty string "text"' },
      { line: 4, error: '"payload" must be an object' },
      { line: 5, error: 'expected a JSON object {"id","text","payload"?}' },
      { line: 6, error: '"text" is longer than 100000 characters' },
    ]);
    expect(out[6]).toMatchObject({ id: "e", payload: tag(ERRAND) });
  });

  it.each([
    ["no text", []],
    ["empty text", [" "]],
    ["two texts", ["a", "b"]],
    ["a text with --jsonl", ["a", "--jsonl"]],
  ])("rejects %s with a one-line error and exit 2", (_name, args) => {
    const r = run(args as string[]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Runs the built CLI (`npm run build` first, as the README's test command does).
const ROOT = join(import.meta.dirname, "../../..");
const BIN = join(ROOT, "bin/arcroute.js");
const built = existsSync(join(ROOT, "dist/src/cli/main.js"));

function run(args: string[], input?: string) {
  return spawnSync(process.execPath, [BIN, "activate", ...args], { input, encoding: "utf8", cwd: ROOT });
}

describe.skipIf(!built)("arcroute activate", () => {
  it("prints one success envelope for a query", () => {
    const r = run(["times dad was proud of me"]);
    expect(r.status).toBe(0);
    const env = JSON.parse(r.stdout);
    expect(env).toMatchObject({ success: true, error: null, data: { significance_gate: true, activation_id: null }, meta: { classifier_model: "arcroute-lexicon@1", top_k: 10 } });
  });
  it("--weights applies a learned weights file to the filters and names the model +learned", () => {
    const dir = mkdtempSync(join(tmpdir(), "arcroute-activate-weights-"));
    const file = join(dir, "weights.json");
    const weights = { format: "arcroute-learned-weights@1", learned_from: { feedback: 4, hits: 2, organizations: 1 }, fields: { arc_type: 0.5 }, values: {}, drop_below: 0, fusion: 0.4 };
    writeFileSync(file, JSON.stringify(weights));
    const plain = JSON.parse(run(["the worst day after mum died"]).stdout);
    const r = run(["the worst day after mum died", "--weights", file]);
    expect(r.status).toBe(0);
    const learned = JSON.parse(r.stdout);
    expect(learned.meta.classifier_model).toBe("arcroute-lexicon@1+learned");
    const arcWeights = (env: { data: { field_filters: { field: string; weight: number }[] } }) => env.data.field_filters.filter((f) => f.field === "arc_type").map((f) => f.weight);
    expect(arcWeights(learned)).toEqual(arcWeights(plain).map((w: number) => Math.max(0.05, Math.round(w * 50) / 100)));
    // The other fields keep their weights; the same file applies to every --jsonl line.
    const others = (env: { data: { field_filters: { field: string }[] } }) => env.data.field_filters.filter((f) => f.field !== "arc_type");
    expect(others(learned)).toEqual(others(plain));
    const lines = run(["--jsonl", "--weights", file], "the worst day after mum died\n").stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.data.field_filters)).toEqual([learned.data.field_filters]);
    // A file that is not a weights file: one line naming it, exit 2, nothing on stdout.
    writeFileSync(file, JSON.stringify({ ...weights, value: {} }));
    const bad = run(["the worst day after mum died", "--weights", file]);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toContain(file);
    const missing = run(["the worst day after mum died", "--weights", join(dir, "none.json")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read learned weights/);
  });
  it("--people adds the tie of a named person to significance queries, after --weights, and refuses a bad map in one line", () => {
    const dir = mkdtempSync(join(tmpdir(), "arcroute-people-"));
    const file = join(dir, "people.json");
    writeFileSync(file, JSON.stringify({ Clare: "sibling_bond" }));
    const ties = (env: { data: { field_filters: { field: string; value: unknown; weight: number }[] } }) => env.data.field_filters.filter((f) => f.field === "relational_dynamics").map((f) => [f.value, f.weight]);
    const plain = JSON.parse(run(["good times with clare"]).stdout);
    expect(ties(plain)).toEqual([]);
    const named = JSON.parse(run(["good times with clare", "--people", file]).stdout);
    expect(named.meta.classifier_model).toBe("arcroute-lexicon@1+people");
    expect(ties(named)).toEqual([["sibling_bond", 0.9]]);
    // A lookup stays a lookup; --jsonl applies the map to every line.
    const lines = run(["--jsonl", "--people", file], "good times with clare\nclare's phone number\n").stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.data.significance_gate)).toEqual([true, false]);
    expect(ties(lines[0])).toEqual(ties(named));
    // With learned weights that halve every tie, the named tie keeps its full weight: the map applies last.
    const weightsFile = join(dir, "weights.json");
    writeFileSync(weightsFile, JSON.stringify({ format: "arcroute-learned-weights@1", learned_from: { feedback: 4, hits: 2, organizations: 1 }, fields: { relational_dynamics: 0.5 }, values: {}, drop_below: 0, fusion: 0.4 }));
    const both = JSON.parse(run(["good times with clare", "--weights", weightsFile, "--people", file]).stdout);
    expect(both.meta.classifier_model).toBe("arcroute-lexicon@1+learned+people");
    expect(ties(both)).toEqual([["sibling_bond", 0.9]]);
    for (const [content, message] of [["{\"Clare\": \"sister\"}", /the tie of "Clare" must be a relational_dynamics value/], ["[1]", /people must be a plain object/], ["{", /cannot read people map/]] as const) {
      writeFileSync(file, content);
      const bad = run(["good times with clare", "--people", file]);
      expect(bad.status).toBe(2);
      expect(bad.stdout).toBe("");
      expect(bad.stderr.trim().split("\n")).toHaveLength(1);
      expect(bad.stderr).toContain(file);
      expect(bad.stderr).toMatch(message);
    }
  });
  it("--debug prints the explanation on stderr", () => {
    const r = run(["the worst day after mum died", "--debug"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stderr).arcs[0].arc).toBe("grief");
  });
  it("--jsonl keeps order over many lines", () => {
    const queries = Array.from({ length: 500 }, (_, i) => (i % 2 ? `when grandma died ${i}` : `weather in paris ${i}`));
    const r = run(["--jsonl"], queries.join("\n") + "\n");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.meta.query)).toEqual(queries);
    expect(lines.map((l) => l.data.significance_gate)).toEqual(queries.map((_, i) => i % 2 === 1));
  });
  it("--jsonl skips blank lines (a stray trailing one included), as tag --jsonl does: no error envelope, exit 0", () => {
    const r = run(["--jsonl"], "when grandma died\n\n   \nweather in paris\n\n");
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l).meta.query)).toEqual(["when grandma died", "weather in paris"]);
  });
  it("--jsonl drops a byte-order mark before the first query", () => {
    const r = run(["--jsonl"], "\uFEFFwhen grandma died\r\nweather in paris\r\n");
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l).meta.query)).toEqual(["when grandma died", "weather in paris"]);
  });
  it.each([
    ["no query", []],
    ["empty query", [""]],
    ["two positionals", ["a", "b"]],
    ["bad --top-k", ["x", "--top-k", "0"]],
    ["non-numeric --top-k", ["x", "--top-k", "ten"]],
    ["hexadecimal --top-k", ["x", "--top-k", "0x10"]],
    ["exponent --top-k", ["x", "--top-k", "1e1"]],
    ["--debug with --jsonl", ["--jsonl", "--debug"]],
  ])("rejects %s with a one-line error", (_name, args) => {
    const r = run(args as string[]);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

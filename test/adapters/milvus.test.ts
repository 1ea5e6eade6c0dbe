/**
 * Milvus: expressions type-check as the official SDK's `filter` and are parsed by a small
 * implementation of the part of Milvus's expression grammar we emit (identifiers, JSON-field
 * access, ==, >=, <=, in [...], and/or, parentheses, double-quoted strings with Go escapes);
 * the parsed expression agrees with the reference on the shared corpus, and hostile strings
 * round-trip through quoting unchanged.
 */
import type { SearchSimpleReq } from "@zilliz/milvus2-sdk-node";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteMilvusString, toMilvusFilter } from "../../adapters/milvus/index.js";
import { agreementSuite } from "./support/agreement.js";
import { HOSTILE_VALUES } from "./support/corpus.js";

type Token = { kind: "ident" | "string" | "number" | "punct" | "word"; text: string; value?: string | number };

function unquote(body: string): string {
  return body.replace(/\\(u[0-9a-f]{4}|U[0-9a-f]{8}|["\\])/g, (_, esc: string) =>
    esc.length === 1 ? esc : String.fromCodePoint(parseInt(esc.slice(1), 16)),
  );
}

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:("(?:[^"\\\x00-\x1f\x7f-\uffff]|\\u[0-9a-f]{4}|\\U[0-9a-f]{8}|\\["\\])*")|(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)|(==|>=|<=|\[|\]|\(|\)|,)|([A-Za-z_][A-Za-z0-9_]*))/y;
  let index = 0;
  while (index < expr.length) {
    re.lastIndex = index;
    const m = re.exec(expr);
    if (!m) throw new Error(`cannot tokenize at ${index}: ${JSON.stringify(expr.slice(index, index + 20))}`);
    index = re.lastIndex;
    if (m[1]) tokens.push({ kind: "string", text: m[1], value: unquote(m[1].slice(1, -1)) });
    else if (m[2]) tokens.push({ kind: "number", text: m[2], value: Number(m[2]) });
    else if (m[3]) tokens.push({ kind: "punct", text: m[3] });
    else if (m[4]) tokens.push({ kind: ["and", "or", "in"].includes(m[4]) ? "word" : "ident", text: m[4] });
    while (index < expr.length && /\s/.test(expr[index]!)) index++;
  }
  return tokens;
}

type Node = (payload: Record<string, unknown>) => boolean;

function parse(expr: string): Node {
  const tokens = tokenize(expr);
  let i = 0;
  const peek = () => tokens[i];
  const take = (text?: string) => {
    const t = tokens[i++];
    if (!t || (text !== undefined && t.text !== text)) throw new Error(`expected ${text ?? "token"} at ${i - 1} in ${expr}`);
    return t;
  };
  const literal = () => {
    const t = take();
    if (t.kind !== "string" && t.kind !== "number") throw new Error(`expected literal, got ${t.text}`);
    return t.value!;
  };
  const operand = () => {
    const name = take();
    if (name.kind !== "ident") throw new Error(`expected identifier, got ${name.text}`);
    const path = [name.text];
    while (peek()?.text === "[") {
      take("[");
      const key = take();
      if (key.kind !== "string") throw new Error("JSON keys are strings");
      path.push(key.value as string);
      take("]");
    }
    return (payload: Record<string, unknown>) => path.reduce<unknown>((node, k) => (node && typeof node === "object" ? (node as Record<string, unknown>)[k] : undefined), payload);
  };
  const comparison = (): Node => {
    if (peek()?.text === "(") {
      take("(");
      const inner = disjunction();
      take(")");
      return inner;
    }
    const get = operand();
    const op = take();
    if (op.text === "in") {
      take("[");
      const values = [literal()];
      while (peek()?.text === ",") {
        take(",");
        values.push(literal());
      }
      take("]");
      return (p) => values.includes(get(p) as string | number);
    }
    const value = literal();
    if (op.text === "==") return (p) => get(p) === value;
    if (op.text === ">=") return (p) => typeof get(p) === "number" && (get(p) as number) >= (value as number);
    if (op.text === "<=") return (p) => typeof get(p) === "number" && (get(p) as number) <= (value as number);
    throw new Error(`unexpected operator ${op.text}`);
  };
  const conjunction = (): Node => {
    const parts = [comparison()];
    while (peek()?.text === "and") {
      take("and");
      parts.push(comparison());
    }
    return (p) => parts.every((part) => part(p));
  };
  const disjunction = (): Node => {
    const parts = [conjunction()];
    while (peek()?.text === "or") {
      take("or");
      parts.push(conjunction());
    }
    return (p) => parts.some((part) => part(p));
  };
  const root = disjunction();
  if (i !== tokens.length) throw new Error(`trailing tokens in ${expr}`);
  return root;
}

agreementSuite<string>({
  store: "milvus",
  filter: (filters, layout) => toMilvusFilter(filters, { fields: layout }),
  matches: (output, payload) => parse(output)(payload),
});

describe("milvus output", () => {
  it("type-checks as the SDK's search filter and reads like hand-written Milvus", () => {
    const filter = toMilvusFilter(
      [
        { field: "arc_type", operator: "eq", value: "grief" },
        { field: "arc_type", operator: "eq", value: "bond" },
        { field: "emotional_weight", operator: "gte", value: 0.7 },
      ],
      { fields: "nested" },
    );
    const request: SearchSimpleReq = { collection_name: "memories", data: [0.1, 0.2], limit: 10, filter };
    expect(request.filter).toBe('(constellation["arc_type"] in ["grief", "bond"]) and (gravity["emotional_weight"] >= 0.7)');
  });

  it.each(HOSTILE_VALUES)("quotes %j so that no raw quote, backslash, newline or non-ASCII character remains", (value) => {
    const quoted = quoteMilvusString(value);
    expect(quoted.slice(1, -1)).not.toMatch(/(?<!\\)"|[\n\r\t\u0080-\uffff]/);
    expect(unquote(quoted.slice(1, -1))).toBe(value);
  });

  it("quoting round-trips any string (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (value) => {
        const tokens = tokenize(quoteMilvusString(value));
        expect(tokens).toHaveLength(1);
        expect(tokens[0]!.value).toBe(value);
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it("rejects Milvus keywords as field names, nested or not, and boost mode", () => {
    expect(() => toMilvusFilter([{ field: "in", operator: "eq", value: "x" }])).toThrow(/milvus adapter: field path "in" uses the Milvus keyword/);
    expect(() => toMilvusFilter([{ field: "arc_type", operator: "eq", value: "x" }], { fields: { arc_type: "meta.AND" } })).toThrow(/keyword 'AND'/);
    // Whether or not today's filters use the mapped field.
    expect(() => toMilvusFilter([], { fields: { valence: "in" } })).toThrow(/keyword 'in'/);
    expect(() => toMilvusFilter([{ field: "arc_type", operator: "eq", value: "x" }], { mode: "boost" })).toThrow(/milvus adapter: boost mode is not supported/);
  });
});

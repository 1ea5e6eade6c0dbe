/**
 * Random UUID v4 strings for request ids and stored records (activation events, charges, feedback),
 * built flat and cheaply.
 *
 * Node's `randomUUID()` assembles its result from 20 concatenated pieces: the string it returns is
 * a tree of cons strings (~490 bytes of heap) that stays that way as long as it lives. A stored id
 * lives as long as its record (in the memory store: the life of the process), and every id is
 * garbage the collector must sweep. Here the 36 characters are written into a reused buffer and
 * read back as one flat string (~60 bytes), from the same CSPRNG, drawn 256 ids at a time (as
 * node's own id cache does).
 */
import { randomFillSync } from "node:crypto";

const BYTES = 16;
const POOL_IDS = 256;
const pool = Buffer.alloc(BYTES * POOL_IDS);
let next = pool.length;
const text = Buffer.alloc(36);
const HEX = Buffer.from("0123456789abcdef", "latin1");
const DASH = 0x2d;

export function newUuid(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const at = next;
  next += BYTES;
  // Version 4 (random) and the RFC 4122 variant, as randomUUID sets them.
  pool[at + 6] = (pool[at + 6]! & 0x0f) | 0x40;
  pool[at + 8] = (pool[at + 8]! & 0x3f) | 0x80;
  let out = 0;
  for (let i = 0; i < BYTES; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text[out++] = DASH;
    const byte = pool[at + i]!;
    text[out++] = HEX[byte >> 4]!;
    text[out++] = HEX[byte & 0x0f]!;
  }
  return text.toString("latin1", 0, 36);
}

/** The id of a stored record (event, charge, feedback). */
export const newRecordId = newUuid;

/**
 * Ids of stored records (activation events, charges, feedback): random UUID v4 strings, flat.
 *
 * Node's `randomUUID()` assembles its result from 20 concatenated pieces, so the string it returns
 * is a tree of cons strings (~490 bytes on the heap) rather than 36 bytes of text, and it stays that
 * way for as long as the string lives. A stored id lives as long as its record (in the memory store:
 * the life of the process), where the tree costs memory and garbage-collection work on every later
 * request. Lower-casing a UUID (already lower-case) returns it as one flat string (~64 bytes).
 */
import { randomUUID } from "node:crypto";

export const newRecordId = (): string => randomUUID().toLowerCase();

/**
 * A minimal ONNX writer: just enough protobuf (varints, length-delimited fields) and just enough
 * of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto)
 * to serialise a small inference graph without Python or an `onnx` package.
 *
 * Field numbers follow onnx/onnx.proto (IR version 8). Only the fields used here are encoded.
 */

/** TensorProto.DataType values used by the static-embedding graph. */
export const DataType = { FLOAT: 1, INT8: 3, INT64: 7 } as const;

/** AttributeProto.AttributeType values. */
const AttributeType = { FLOAT: 1, INT: 2, TENSOR: 4, INTS: 7 } as const;

/** Protobuf wire types. */
const VARINT = 0;
const LENGTH_DELIMITED = 2;

/** A protobuf message body under construction: a list of encoded chunks. */
class Message {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.size += bytes.length;
  }

  private varint(value: bigint): void {
    // Negative int64 values are encoded as their 64-bit two's complement (10 bytes).
    let v = BigInt.asUintN(64, value);
    const out: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      out.push(byte);
    } while (v !== 0n);
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wireType: number): void {
    this.varint(BigInt((field << 3) | wireType));
  }

  int(field: number, value: number | bigint): this {
    this.tag(field, VARINT);
    this.varint(BigInt(value));
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, LENGTH_DELIMITED);
    this.varint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.toBytes());
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const buffer = new Uint8Array(4);
    new DataView(buffer.buffer).setFloat32(0, value, true);
    this.push(buffer);
    return this;
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** A constant tensor (an initializer or an attribute value), stored as little-endian raw data. */
export interface TensorSpec {
  name: string;
  dataType: (typeof DataType)[keyof typeof DataType];
  dims: readonly number[];
  raw: Uint8Array;
}

function tensor(spec: TensorSpec): Message {
  const message = new Message();
  for (const dim of spec.dims) message.int(1, dim);
  message.int(2, spec.dataType);
  message.string(8, spec.name);
  message.bytes(9, spec.raw);
  return message;
}

/** Raw little-endian bytes of typed values (every platform Node runs on here is little-endian). */
export function rawBytes(values: Float32Array | Int8Array | BigInt64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

export type AttributeValue = { int: number } | { ints: readonly number[] } | { float: number } | { tensor: TensorSpec };

function attribute(name: string, value: AttributeValue): Message {
  const message = new Message().string(1, name);
  if ("int" in value) message.int(3, value.int).int(20, AttributeType.INT);
  else if ("float" in value) message.float(2, value.float).int(20, AttributeType.FLOAT);
  else if ("tensor" in value) message.message(5, tensor(value.tensor)).int(20, AttributeType.TENSOR);
  else {
    for (const v of value.ints) message.int(8, v);
    message.int(20, AttributeType.INTS);
  }
  return message;
}

export interface NodeSpec {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: Record<string, AttributeValue>;
}

function node(spec: NodeSpec, index: number): Message {
  const message = new Message();
  for (const input of spec.inputs) message.string(1, input);
  for (const output of spec.outputs) message.string(2, output);
  message.string(3, `${spec.op.toLowerCase()}_${index}`);
  message.string(4, spec.op);
  for (const [name, value] of Object.entries(spec.attributes ?? {})) message.message(5, attribute(name, value));
  return message;
}

/** A graph input or output: element type and shape, where strings name symbolic dimensions. */
export interface ValueSpec {
  name: string;
  elemType: (typeof DataType)[keyof typeof DataType];
  shape: readonly (number | string)[];
}

function valueInfo(spec: ValueSpec): Message {
  const shape = new Message();
  for (const dim of spec.shape) {
    shape.message(1, typeof dim === "number" ? new Message().int(1, dim) : new Message().string(2, dim));
  }
  const tensorType = new Message().int(1, spec.elemType).message(2, shape);
  return new Message().string(1, spec.name).message(2, new Message().message(1, tensorType));
}

export interface ModelSpec {
  graphName: string;
  producer: string;
  docString: string;
  opset: number;
  nodes: readonly NodeSpec[];
  initializers: readonly TensorSpec[];
  inputs: readonly ValueSpec[];
  outputs: readonly ValueSpec[];
}

/** Serialises a whole ModelProto (IR version 8, default ONNX domain at `opset`). */
export function encodeModel(spec: ModelSpec): Uint8Array {
  const graph = new Message();
  spec.nodes.forEach((n, i) => graph.message(1, node(n, i)));
  graph.string(2, spec.graphName);
  for (const init of spec.initializers) graph.message(5, tensor(init));
  for (const input of spec.inputs) graph.message(11, valueInfo(input));
  for (const output of spec.outputs) graph.message(12, valueInfo(output));
  return new Message()
    .int(1, 8)
    .string(2, spec.producer)
    .string(6, spec.docString)
    .message(7, graph)
    .message(8, new Message().string(1, "").int(2, spec.opset))
    .toBytes();
}

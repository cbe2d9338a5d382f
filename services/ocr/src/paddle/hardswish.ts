/**
 * The PP-OCRv4 models' hard-swish activations, as one HardSigmoid and one Mul instead of four element-wise operators.
 *
 * paddle2onnx exports hard-swish, x · clip(x + 3, 0, 6) / 6, as Add, Clip, Mul and Div, which ONNX Runtime does not
 * fuse: each is a pass over the whole activation, and in the recogniser those passes took 47% of its time (ONNX
 * Runtime's profile of a receipt: convolutions 38%). x · HardSigmoid(x) with α = 1/6, β = 1/2 is the same function
 * in two passes (HardSigmoid is in every opset these models use). Measured on six real pages, the models called
 * directly, the original and the rewritten in turn: recognition −20%, detection −7%, the same boxes and the same
 * text on all 432 lines (docs/OCR.md, "Time").
 *
 * The rewrite works on the protobuf wire format of the model file (ONNX's ModelProto): only the graph's nodes are
 * decoded, and only the nodes of the pattern are re-encoded; weights and every other field are copied as they are.
 * A model in which the pattern does not appear exactly as above is returned unchanged.
 */

/** One field of a protobuf message: its number, wire type, payload (length-delimited or fixed) and whole encoding. */
interface Field {
  no: number;
  wire: number;
  /** The payload of a length-delimited field; the value's bytes of a fixed32 field. */
  data: Uint8Array;
  /** The field as encoded, key included. */
  raw: Uint8Array;
}

function readVarint(buf: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    if (pos >= buf.length) throw new Error('truncated varint');
    const b = buf[pos++]!;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, pos];
    shift += 7;
    if (shift > 63) throw new Error('varint too long');
  }
}

function parseFields(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [key, afterKey] = readVarint(buf, pos);
    const no = Math.floor(key / 8);
    const wire = key & 7;
    let dataStart = afterKey;
    let end: number;
    if (wire === 0) end = readVarint(buf, afterKey)[1];
    else if (wire === 1) end = afterKey + 8;
    else if (wire === 5) end = afterKey + 4;
    else if (wire === 2) {
      const [length, afterLength] = readVarint(buf, afterKey);
      dataStart = afterLength;
      end = afterLength + length;
    } else throw new Error(`unsupported wire type ${wire}`);
    if (end > buf.length) throw new Error('truncated field');
    fields.push({ no, wire, data: buf.subarray(dataStart, end), raw: buf.subarray(start, end) });
    pos = end;
  }
  return fields;
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

function lengthDelimited(no: number, data: Uint8Array): Uint8Array {
  return Buffer.concat([Uint8Array.from([...varint(no * 8 + 2), ...varint(data.length)]), data]);
}

const text = (s: string) => lengthDelimited(0, Buffer.from(s, 'utf8')).subarray(1);
const decode = (data: Uint8Array) => Buffer.from(data).toString('utf8');

/** AttributeProto of type FLOAT (1): name (1), f (2, fixed32), type (20). */
function floatAttribute(name: string, value: number): Uint8Array {
  const f = Buffer.alloc(4);
  f.writeFloatLE(value, 0);
  return Buffer.concat([
    lengthDelimited(1, Buffer.from(name, 'utf8')),
    Uint8Array.from([(2 << 3) | 5]),
    f,
    Uint8Array.from([...varint((20 << 3) | 0), 1]),
  ]);
}

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5. AttributeProto: name 1, f 2, t 5.
// TensorProto: data_type 2, float_data 4, raw_data 9. GraphProto: node 1. ModelProto: graph 7.
interface Node {
  fields: Field[];
  inputs: string[];
  outputs: string[];
  op: string;
}

function parseNode(f: Field): Node {
  const fields = parseFields(f.data);
  const strings = (no: number) => fields.filter((x) => x.no === no).map((x) => decode(x.data));
  return { fields, inputs: strings(1), outputs: strings(2), op: strings(4)[0] ?? '' };
}

function attribute(node: Node, name: string): Field[] | null {
  for (const f of node.fields) {
    if (f.no !== 5) continue;
    const attr = parseFields(f.data);
    if (attr.some((x) => x.no === 1 && decode(x.data) === name)) return attr;
  }
  return null;
}

/** A float32 scalar: a FLOAT attribute's value, or a one-element float tensor's. */
function floatOf(attr: Field[] | null): number | null {
  if (!attr) return null;
  const f = attr.find((x) => x.no === 2 && x.wire === 5);
  if (f) return Buffer.from(f.data).readFloatLE(0);
  const t = attr.find((x) => x.no === 5 && x.wire === 2);
  if (!t) return null;
  const tensor = parseFields(t.data);
  const raw = tensor.find((x) => x.no === 9);
  if (raw && raw.data.length === 4) return Buffer.from(raw.data).readFloatLE(0);
  const packed = tensor.find((x) => x.no === 4 && x.wire === 2);
  if (packed && packed.data.length === 4) return Buffer.from(packed.data).readFloatLE(0);
  const single = tensor.filter((x) => x.no === 4 && x.wire === 5);
  return single.length === 1 ? Buffer.from(single[0]!.data).readFloatLE(0) : null;
}

/** The node with every field but its inputs, outputs, op type and attributes kept, these replaced. */
function encodeNode(node: Node, inputs: string[], outputs: string[], op: string, attributes: Uint8Array[] | null) {
  const kept = node.fields.filter((f) => f.no !== 1 && f.no !== 2 && f.no !== 4 && (attributes === null || f.no !== 5));
  return Buffer.concat([
    ...inputs.map((s) => Buffer.concat([Uint8Array.from([(1 << 3) | 2]), text(s)])),
    ...outputs.map((s) => Buffer.concat([Uint8Array.from([(2 << 3) | 2]), text(s)])),
    ...kept.map((f) => f.raw),
    Buffer.concat([Uint8Array.from([(4 << 3) | 2]), text(op)]),
    ...(attributes ?? []).map((a) => lengthDelimited(5, a)),
  ]);
}

/** The graph's nodes with each hard-swish pattern rewritten; null when there is none. */
function fuseNodes(nodeFields: Field[]): { nodes: Uint8Array[]; fused: number } | null {
  const nodes = nodeFields.map(parseNode);
  const producer = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const n of nodes) {
    for (const o of n.outputs) producer.set(o, n);
    for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  }
  const constant = (name: string | undefined) => {
    const c = name === undefined ? undefined : producer.get(name);
    return c?.op === 'Constant' ? floatOf(attribute(c, 'value')) : null;
  };
  const only = (name: string) => {
    const c = consumers.get(name) ?? [];
    return c.length === 1 ? c[0]! : null;
  };
  const replaced = new Map<Node, Uint8Array>();
  const removed = new Set<Node>();
  for (const clip of nodes) {
    if (clip.op !== 'Clip') continue;
    const add = producer.get(clip.inputs[0] ?? '');
    if (add?.op !== 'Add' || constant(add.inputs[1]) !== 3 || only(add.outputs[0]!) !== clip) continue;
    const [low, high] =
      clip.inputs.length >= 3
        ? [constant(clip.inputs[1]), constant(clip.inputs[2])]
        : [floatOf(attribute(clip, 'min')), floatOf(attribute(clip, 'max'))];
    if (low !== 0 || high !== 6) continue;
    const x = add.inputs[0]!;
    const mul = only(clip.outputs[0]!);
    if (mul?.op !== 'Mul' || mul.inputs.length !== 2 || !mul.inputs.includes(x)) continue;
    const div = only(mul.outputs[0]!);
    if (div?.op !== 'Div' || div.inputs[0] !== mul.outputs[0] || constant(div.inputs[1]) !== 6) continue;
    const hardSigmoid = [floatAttribute('alpha', 1 / 6), floatAttribute('beta', 0.5)];
    replaced.set(clip, encodeNode(clip, [x], clip.outputs, 'HardSigmoid', hardSigmoid));
    replaced.set(mul, encodeNode(mul, mul.inputs, div.outputs, 'Mul', null));
    removed.add(add).add(div);
  }
  if (removed.size === 0) return null;
  // Constants only the removed nodes read (the 3 and the 6, Clip's bounds) go too.
  const used = new Set<string>();
  for (const n of nodes) {
    if (removed.has(n)) continue;
    const inputs = replaced.has(n) && n.op === 'Clip' ? n.inputs.slice(0, 1) : n.inputs;
    for (const i of inputs) used.add(i);
  }
  const kept = nodes.flatMap((n, k) => {
    if (removed.has(n)) return [];
    if (n.op === 'Constant' && n.outputs.every((o) => !used.has(o))) return [];
    const node = replaced.get(n);
    return [node ? lengthDelimited(1, node) : nodeFields[k]!.raw];
  });
  return { nodes: kept, fused: removed.size / 2 };
}

/**
 * The ONNX model `model` with its hard-swish activations fused (see above), and how many were; the model unchanged
 * (fused 0) when it has none or is not what this expects.
 */
export function fuseHardSwish(model: Uint8Array): { model: Uint8Array; fused: number } {
  try {
    const top = parseFields(model);
    const graphAt = top.findIndex((f) => f.no === 7 && f.wire === 2);
    if (graphAt < 0) return { model, fused: 0 };
    const graph = parseFields(top[graphAt]!.data);
    const result = fuseNodes(graph.filter((f) => f.no === 1 && f.wire === 2));
    if (!result) return { model, fused: 0 };
    // Nodes where the first node was, the graph's other fields in their places.
    const first = graph.findIndex((f) => f.no === 1);
    const rest = graph.filter((f) => f.no !== 1);
    const graphBytes = Buffer.concat([
      ...rest.slice(0, first).map((f) => f.raw),
      ...result.nodes,
      ...rest.slice(first).map((f) => f.raw),
    ]);
    const out = Buffer.concat(top.map((f, i) => (i === graphAt ? lengthDelimited(7, graphBytes) : f.raw)));
    return { model: out, fused: result.fused };
  } catch {
    return { model, fused: 0 };
  }
}

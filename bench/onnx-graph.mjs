// The small attention graph for onnxruntime-web, encoded as ONNX protobuf by
// hand (no protobuf dependency: the graph needs only varints, strings and
// nested messages). Field numbers are from onnx/onnx.proto3.
//
//   Q, K, V: (n, d) float inputs; mask: (n, n) float input, present only when causal
//   Kt = Transpose(K); S = MatMul(Q, Kt); L = Mul(S, scale) [+ mask]
//   P = Softmax(L, axis = -1); O = MatMul(P, V)     outputs: P and O

const FLOAT = 1; // TensorProto.DataType.FLOAT

// ---- protobuf wire format ---------------------------------------------

function varint(value) {
  const bytes = [];
  let v = BigInt.asUintN(64, BigInt(value)); // negative int64: ten bytes, two's complement
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return bytes;
}

const key = (field, wireType) => varint((field << 3) | wireType);
const int = (field, value) => [...key(field, 0), ...varint(value)];
const bytesField = (field, payload) => [...key(field, 2), ...varint(payload.length), ...payload];
const str = (field, text) => bytesField(field, [...new TextEncoder().encode(text)]);
const msg = (field, parts) => bytesField(field, parts.flat());

// ---- ONNX messages ------------------------------------------------------

// AttributeProto: name = 1, type = 20 (INT = 2, INTS = 7), i = 3, ints = 8
const intAttr = (name, value) => [...str(1, name), ...int(20, 2), ...int(3, value)];
const intsAttr = (name, values) => [...str(1, name), ...int(20, 7), ...values.flatMap((v) => int(8, v))];

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5
function node(opType, inputs, outputs, attributes = []) {
  return [
    ...inputs.flatMap((x) => str(1, x)),
    ...outputs.flatMap((x) => str(2, x)),
    ...str(3, `${opType}_${outputs[0]}`),
    ...str(4, opType),
    ...attributes.flatMap((a) => msg(5, [a])),
  ];
}

// ValueInfoProto: name = 1, type = 2 -> TypeProto.tensor_type = 1 ->
// { elem_type = 1, shape = 2 -> TensorShapeProto.dim = 1 -> { dim_value = 1 } }
function tensorInfo(name, dims) {
  const shape = dims.flatMap((dim) => msg(1, [int(1, dim)]));
  return [...str(1, name), ...msg(2, [msg(1, [int(1, FLOAT), msg(2, [shape])])])];
}

// TensorProto (a scalar initializer): data_type = 2, float_data = 4 (packed), name = 8
function scalarTensor(name, value) {
  const f = new Uint8Array(new Float32Array([value]).buffer);
  return [...int(2, FLOAT), ...bytesField(4, [...f]), ...str(8, name)];
}

/**
 * Bytes of an ONNX model computing attention for fixed n, d.
 * @returns {Uint8Array}
 */
export function attentionModel({ n, d, scaled, causal }) {
  const nodes = [
    node('Transpose', ['K'], ['Kt'], [intsAttr('perm', [1, 0])]),
    node('MatMul', ['Q', 'Kt'], ['S']),
    node('Mul', ['S', 'scale'], causal ? ['L0'] : ['L']),
    ...(causal ? [node('Add', ['L0', 'mask'], ['L'])] : []),
    node('Softmax', ['L'], ['P'], [intAttr('axis', -1)]),
    node('MatMul', ['P', 'V'], ['O']),
  ];
  const inputs = [tensorInfo('Q', [n, d]), tensorInfo('K', [n, d]), tensorInfo('V', [n, d])];
  if (causal) inputs.push(tensorInfo('mask', [n, n]));
  // GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12
  const graph = [
    ...nodes.flatMap((nd) => msg(1, [nd])),
    ...str(2, 'attention'),
    ...msg(5, [scalarTensor('scale', scaled ? 1 / Math.sqrt(d) : 1)]),
    ...inputs.flatMap((x) => msg(11, [x])),
    ...msg(12, [tensorInfo('P', [n, n])]),
    ...msg(12, [tensorInfo('O', [n, d])]),
  ];
  // ModelProto: ir_version = 1, producer_name = 2, graph = 7, opset_import = 8 -> { version = 2 }
  const model = [...int(1, 8), ...str(2, 'attention-widget bench'), ...msg(7, [graph]), ...msg(8, [int(2, 17)])];
  return new Uint8Array(model);
}

/** The additive causal mask: 0 where key j <= asker i, -Infinity above the diagonal. */
export function causalMask(n) {
  const mask = new Float32Array(n * n);
  for (let i = 0; i < n; i++) mask.fill(-Infinity, i * n + i + 1, (i + 1) * n);
  return mask;
}

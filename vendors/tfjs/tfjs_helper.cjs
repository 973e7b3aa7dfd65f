// tfjs_helper.cjs — the node side of the TensorFlow.js adapter
// (vendors/tfjs).  Started ONCE per harness worker by the C plugin's init
// with the tfjs install directory; frames as vendors/common/
// node_helper_wire.cjs:
//   kind 1 HELLO: body = backend name ("cpu" or "wasm") -> selects and
//          initialises that backend; reply OK + identity text
//   kind 3 RUN: u32 op_len + op name (a key of OPS below)
//          + u32 n_inputs + tensors -> reply OK + output tensor, or
//          status 2 + TensorFlow.js's error text
// The ops are tf.div, tf.mul, tf.pow, tf.less, tf.sub, tf.add (two inputs)
// and tf.abs, tf.sqrt (one input) on tensors of the inputs' dtypes
// (float32, int32): what TensorFlow.js does with them (its
// broadcasting, its dtypes, its integer division) is the finding.
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const wire = require('./node_helper_wire.cjs');

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node tfjs_helper.cjs TFJS_DIR\n');
  process.exit(2);
}
const mods = path.join(root, 'node_modules', '@tensorflow');
const tf = require(path.join(mods, 'tfjs-core'));
require(path.join(mods, 'tfjs-backend-cpu'));
const wasmBackend = require(path.join(mods, 'tfjs-backend-wasm'));
const wasmDist = path.join(mods, 'tfjs-backend-wasm', 'dist');
wasmBackend.setWasmPaths(wasmDist + path.sep);

// ONNX TensorProto.DataType <-> TensorFlow.js dtype (its only numeric
// dtypes; bool for Less's output).
const DTYPE = { 1: ['float32', Float32Array], 6: ['int32', Int32Array], 9: ['bool', Uint8Array] };
const CODE = { float32: 1, int32: 6, bool: 9 };
// Each op with its arity (the registry's); a name without an entry is
// refused by name, never called.
const OPS = {
  Div: [tf.div, 2], Mul: [tf.mul, 2], Pow: [tf.pow, 2], Less: [tf.less, 2],
  Sub: [tf.sub, 2], Add: [tf.add, 2], Abs: [tf.abs, 1], Sqrt: [tf.sqrt, 1],
};

let identity = '';

async function hello(backend) {
  if (!(await tf.setBackend(backend))) throw new Error('backend ' + backend + ' did not initialise');
  await tf.ready();
  const items = [tf.version_core, 'backend=' + tf.getBackend()];
  // What computes: the wasm binary (under node without cross-origin
  // isolation the SIMD build without threads is loaded), or the cpu
  // backend's JavaScript bundle.
  const file = backend === 'wasm' ? path.join(wasmDist, 'tfjs-backend-wasm-simd.wasm')
    : path.join(mods, 'tfjs-backend-cpu', 'dist', 'tf-backend-cpu.node.js');
  const sha = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  items.push('file=' + path.basename(file), 'sha256=' + sha);
  items.push('node=' + process.versions.node, 'threads=1');
  identity = items.join('; ');
}

async function handle(p) {
  const kind = p.readUInt8(0);
  if (kind === 1) {
    await hello(p.subarray(1).toString('utf8'));
    wire.reply(0, wire.text(identity));
    return;
  }
  let off = 1;
  const oplen = p.readUInt32LE(off); off += 4;
  const op = p.subarray(off, off + oplen).toString('utf8'); off += oplen;
  const n = p.readUInt32LE(off); off += 4;
  if (!Object.prototype.hasOwnProperty.call(OPS, op) || OPS[op][1] !== n) {
    wire.reply(2, wire.text('TensorFlow.js helper: ' + op + ' with ' + n + ' inputs is not mapped'));
    return;
  }
  const ins = [];
  for (let i = 0; i < n; i++) {
    const t = wire.readTensor(p, off);
    off = t.off;
    const m = DTYPE[t.type];
    if (!m) { wire.reply(2, wire.text('TensorFlow.js has no dtype for ONNX type ' + t.type)); return; }
    const Arr = m[1];
    ins.push(tf.tensor(new Arr(t.bytes.buffer, 0, t.bytes.length / Arr.BYTES_PER_ELEMENT), t.dims, m[0]));
  }
  let out;
  try {
    const f = OPS[op][0];
    const r = n === 1 ? f(ins[0]) : f(ins[0], ins[1]);
    out = { dtype: r.dtype, dims: r.shape, data: await r.data() };
    r.dispose();
  } catch (err) {
    wire.reply(2, wire.text(err && err.message ? err.message : err));
    return;
  } finally {
    ins.forEach((t) => t.dispose());
  }
  const code = CODE[out.dtype];
  if (code === undefined) { wire.reply(2, wire.text('output dtype ' + out.dtype)); return; }
  wire.reply(0, wire.encodeTensor(code, out.dims, out.data));
}

wire.serve(handle);

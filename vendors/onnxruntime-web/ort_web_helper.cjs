// ort_web_helper.cjs — the node side of the ONNX Runtime Web adapter
// (vendors/onnxruntime-web).  Started ONCE per harness worker by
// the C plugin's init, it loads onnxruntime-web (ORT compiled to
// WebAssembly, CPU "wasm" execution provider, one thread) and answers
// frames on fd 0, replying on fd 1 (a socket pair; see ort_web_helper.h;
// framing, replies and tensors: vendors/common/node_helper_wire.cjs):
//
//   frame   = u32 length (little-endian) + payload
//   request = u8 kind + body
//     kind 1 HELLO: body empty -> reply OK + identity text
//     kind 2 SESSION: u32 model_len + model -> reply OK or ERROR text
//     kind 3 RUN: u32 model_len + model + u32 n_inputs + inputs
//            input = i32 elem_type + u32 rank + i64 dims[rank] + u64 nbytes + bytes
//            -> reply OK + output (same layout as an input) or ERROR text
//   reply   = u8 status (0 OK, 1 session creation failed, 2 run failed,
//             3 helper error) + body
//
// One session per distinct model (the plugin builds one model per op,
// opset, input types and ranks, as for native ORT), created on first use.
// Nothing else is written to fd 1: console output goes to stderr.
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const wire = require('./node_helper_wire.cjs');

// Before loading onnxruntime-web: fd 1 carries frames only.
wire.quiet();

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node ort_web_helper.cjs ORT_WEB_PACKAGE_DIR\n');
  process.exit(2);
}
const dist = path.join(dir, 'dist');
const ort = require(dir);
ort.env.wasm.numThreads = 1;
ort.env.wasm.proxy = false;
ort.env.wasm.wasmPaths = dist + path.sep;
ort.env.logLevel = 'fatal';
const wasmFile = 'ort-wasm-simd-threaded.wasm';

// ONNX TensorProto.DataType -> [onnxruntime-web type, TypedArray]
const TYPES = {
  1: ['float32', Float32Array], 2: ['uint8', Uint8Array], 3: ['int8', Int8Array],
  4: ['uint16', Uint16Array], 5: ['int16', Int16Array], 6: ['int32', Int32Array],
  7: ['int64', BigInt64Array], 9: ['bool', Uint8Array], 10: ['float16', Uint16Array],
  11: ['float64', Float64Array], 12: ['uint32', Uint32Array], 13: ['uint64', BigUint64Array],
};
const CODE_OF = {};
for (const [code, [name]] of Object.entries(TYPES)) CODE_OF[name] = Number(code);

const sessions = new Map();

async function session(model) {
  const key = model.toString('base64');
  let e = sessions.get(key);
  if (e === undefined) {
    try {
      e = { s: await ort.InferenceSession.create(new Uint8Array(model), {
        executionProviders: ['wasm'], graphOptimizationLevel: 'disabled',
        logSeverityLevel: 4 }) };
    } catch (err) {
      e = { err: String(err && err.message ? err.message : err) };
    }
    sessions.set(key, e);
  }
  return e;
}

function tensorOf(t) {
  const m = TYPES[t.type];
  if (!m) throw new Error('onnxruntime-web has no tensor type for ONNX type ' + t.type);
  const [name, Arr] = m;
  // t.bytes is wire.readTensor's aligned copy, alone in its buffer.
  const data = name === 'bool' ? t.bytes
                               : new Arr(t.bytes.buffer, 0, t.bytes.length / Arr.BYTES_PER_ELEMENT);
  return new ort.Tensor(name, data, t.dims);
}

function encodeTensor(t) {
  const code = CODE_OF[t.type];
  if (code === undefined) throw new Error('output of unknown type ' + t.type);
  return wire.encodeTensor(code, t.dims, t.data);
}

async function handle(p) {
  const kind = p.readUInt8(0);
  if (kind === 1) {
    const wasm = fs.readFileSync(path.join(dist, wasmFile));
    const sha = crypto.createHash('sha256').update(wasm).digest('hex');
    wire.reply(0, wire.text([ort.env.versions.web, 'wasm=' + wasmFile, 'sha256=' + sha,
                             'node=' + process.versions.node, 'v8=' + process.versions.v8,
                             'threads=1'].join('; ')));
    return;
  }
  const mlen = p.readUInt32LE(1);
  const model = p.subarray(5, 5 + mlen);
  const e = await session(model);
  if (e.err !== undefined) { wire.reply(1, wire.text(e.err)); return; }
  if (kind === 2) { wire.reply(0, Buffer.alloc(0)); return; }
  let off = 5 + mlen;
  const n = p.readUInt32LE(off); off += 4;
  const feeds = {};
  const names = e.s.inputNames;
  for (let i = 0; i < n; i++) {
    const t = wire.readTensor(p, off);
    off = t.off;
    feeds[names[i]] = tensorOf(t);
  }
  let out;
  try {
    const r = await e.s.run(feeds);
    out = r[e.s.outputNames[0]];
  } catch (err) {
    wire.reply(2, wire.text(err && err.message ? err.message : err));
    return;
  }
  wire.reply(0, encodeTensor(out));
}

wire.serve(handle);

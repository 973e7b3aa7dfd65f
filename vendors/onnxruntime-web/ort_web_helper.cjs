// ort_web_helper.cjs — the node side of the ONNX Runtime Web adapter
// (vendors/onnxruntime-web).  Started ONCE per harness worker by
// the C plugin's init, it loads onnxruntime-web (ORT compiled to
// WebAssembly, CPU "wasm" execution provider, one thread) and answers
// frames on fd 0, replying on fd 1 (a socket pair; see ort_web_wire.h):
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

console.log = console.error;
console.info = console.error;
console.warn = console.error;

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

// fd 1 is the same socket as fd 0, which node made non-blocking: a large
// reply meets EAGAIN when the socket buffer is full.  Write all of it,
// waiting 1 ms whenever the plugin has not yet read what is queued (the
// plugin's deadline bounds the whole exchange).
const pause = new Int32Array(new SharedArrayBuffer(4));
function writeAll(buf) {
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off, buf.length - off);
    } catch (err) {
      if (err.code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

function reply(status, body) {
  const head = Buffer.alloc(5);
  head.writeUInt32LE(1 + body.length, 0);
  head.writeUInt8(status, 4);
  writeAll(Buffer.concat([head, body]));
}

function text(s) { return Buffer.from(String(s), 'utf8'); }

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

function readTensor(buf, off) {
  const type = buf.readInt32LE(off); off += 4;
  const rank = buf.readUInt32LE(off); off += 4;
  const dims = [];
  for (let i = 0; i < rank; i++) { dims.push(Number(buf.readBigInt64LE(off))); off += 8; }
  const n = Number(buf.readBigUInt64LE(off)); off += 8;
  const bytes = buf.subarray(off, off + n); off += n;
  return { type, dims, bytes, off };
}

function tensorOf(t) {
  const m = TYPES[t.type];
  if (!m) throw new Error('onnxruntime-web has no tensor type for ONNX type ' + t.type);
  const [name, Arr] = m;
  // A copy aligned for the typed array (the frame buffer is not).
  const copy = new Uint8Array(t.bytes.length);
  copy.set(t.bytes);
  const data = name === 'bool' ? new Uint8Array(copy.buffer)
                               : new Arr(copy.buffer, 0, copy.length / Arr.BYTES_PER_ELEMENT);
  return new ort.Tensor(name, data, t.dims);
}

function encodeTensor(t) {
  const code = CODE_OF[t.type];
  if (code === undefined) throw new Error('output of unknown type ' + t.type);
  const d = t.data;
  const bytes = Buffer.from(d.buffer, d.byteOffset, d.byteLength);
  const head = Buffer.alloc(8 + 8 * t.dims.length + 8);
  let off = head.writeInt32LE(code, 0);
  off = head.writeUInt32LE(t.dims.length, off);
  for (const x of t.dims) off = head.writeBigInt64LE(BigInt(x), off);
  head.writeBigUInt64LE(BigInt(bytes.length), off);
  return Buffer.concat([head, bytes]);
}

async function handle(p) {
  const kind = p.readUInt8(0);
  if (kind === 1) {
    const wasm = fs.readFileSync(path.join(dist, wasmFile));
    const sha = crypto.createHash('sha256').update(wasm).digest('hex');
    reply(0, text([ort.env.versions.web, 'wasm=' + wasmFile, 'sha256=' + sha,
                   'node=' + process.versions.node, 'v8=' + process.versions.v8,
                   'threads=1'].join('; ')));
    return;
  }
  const mlen = p.readUInt32LE(1);
  const model = p.subarray(5, 5 + mlen);
  const e = await session(model);
  if (e.err !== undefined) { reply(1, text(e.err)); return; }
  if (kind === 2) { reply(0, Buffer.alloc(0)); return; }
  let off = 5 + mlen;
  const n = p.readUInt32LE(off); off += 4;
  const feeds = {};
  const names = e.s.inputNames;
  for (let i = 0; i < n; i++) {
    const t = readTensor(p, off);
    off = t.off;
    feeds[names[i]] = tensorOf(t);
  }
  let out;
  try {
    const r = await e.s.run(feeds);
    out = r[e.s.outputNames[0]];
  } catch (err) {
    reply(2, text(err && err.message ? err.message : err));
    return;
  }
  reply(0, encodeTensor(out));
}

// Chunks are collected and joined once a whole frame is there (joining at
// every chunk would copy a large request once per chunk).
let chunks = [];
let have = 0;
let pending = Buffer.alloc(0);
let busy = Promise.resolve();
process.stdin.on('data', (chunk) => {
  chunks.push(chunk);
  have += chunk.length;
  if (pending.length + have < 4) return;
  if (chunks.length > 0 && (pending.length < 4 ||
      pending.length + have >= 4 + pending.readUInt32LE(0))) {
    pending = Buffer.concat([pending, ...chunks]);
    chunks = [];
    have = 0;
  }
  while (pending.length >= 4) {
    const len = pending.readUInt32LE(0);
    if (pending.length < 4 + len) break;
    const frame = pending.subarray(4, 4 + len);
    pending = pending.subarray(4 + len);
    busy = busy.then(() => handle(frame)).catch((err) => {
      reply(3, text(err && err.stack ? err.stack : err));
    });
  }
});
process.stdin.on('end', () => { busy.then(() => process.exit(0)); });

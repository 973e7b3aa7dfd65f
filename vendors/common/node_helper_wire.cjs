// node_helper_wire.cjs — the node side of the frame protocol between a C
// adapter plugin and its node helper process (the C side:
// vendors/onnxruntime-web/ort_web_helper.h, sct_ortw_helper_*): a socket
// pair as the helper's stdin/stdout, frames of a u32 little-endian length
// and a payload; a reply is u8 status + body.  A tensor on the wire:
//   i32 elem_type (ONNX TensorProto.DataType) + u32 rank + i64 dims[rank]
//   + u64 nbytes + bytes
// Used by vendors/onnxruntime-web/ort_web_helper.cjs and
// vendors/tfjs/tfjs_helper.cjs (copied beside them at build time, installed
// beside them by vendors/onnxruntime-web/CMakeLists.txt).
'use strict';
const fs = require('fs');

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

function readTensor(buf, off) {
  const type = buf.readInt32LE(off); off += 4;
  const rank = buf.readUInt32LE(off); off += 4;
  const dims = [];
  for (let i = 0; i < rank; i++) { dims.push(Number(buf.readBigInt64LE(off))); off += 8; }
  const n = Number(buf.readBigUInt64LE(off)); off += 8;
  // A copy aligned for typed arrays (the frame buffer is not).
  const bytes = new Uint8Array(n);
  bytes.set(buf.subarray(off, off + n)); off += n;
  return { type, dims, bytes, off };
}

function encodeTensor(code, dims, data) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const head = Buffer.alloc(8 + 8 * dims.length + 8);
  let off = head.writeInt32LE(code, 0);
  off = head.writeUInt32LE(dims.length, off);
  for (const x of dims) off = head.writeBigInt64LE(BigInt(x), off);
  head.writeBigUInt64LE(BigInt(bytes.length), off);
  return Buffer.concat([head, bytes]);
}

// Console output goes to stderr: fd 1 carries frames only.  serve() does it;
// a helper whose runtime may log while loading calls it first.
function quiet() {
  console.log = console.error;
  console.info = console.error;
  console.warn = console.error;
}

// Calls handle(frame) for every frame on stdin, one at a time; an exception
// is replied as status 3 with its stack.  Chunks are collected and joined
// once a whole frame is there (joining at every chunk would copy a large
// request once per chunk).
function serve(handle) {
  quiet();
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
}

module.exports = { writeAll, reply, text, readTensor, encodeTensor, quiet, serve };

// fake_helper.cjs — a stand-in for ort_web_helper.cjs in test_ort_web_plugin:
// answers HELLO like the real helper, then misbehaves as its argument (the adapter's dir= option) says:
//   die     exit(3) on the next request
//   hang    never answer again
//   garbage answer with a frame length of 0xFFFFFFFF
'use strict';
const fs = require('fs');
const mode = process.argv[2] || 'die';
let pending = Buffer.alloc(0);
let hello = false;
function reply(buf) {
  const h = Buffer.alloc(4);
  h.writeUInt32LE(buf.length, 0);
  fs.writeSync(1, Buffer.concat([h, buf]));
}
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  if (pending.length < 4 || pending.length < 4 + pending.readUInt32LE(0)) return;
  pending = Buffer.alloc(0);
  if (!hello) {
    hello = true;
    reply(Buffer.concat([Buffer.from([0]), Buffer.from('1.30.0; fake=' + mode)]));
    return;
  }
  if (mode === 'die') process.exit(3);
  if (mode === 'garbage') fs.writeSync(1, Buffer.from([0xff, 0xff, 0xff, 0xff]));
});

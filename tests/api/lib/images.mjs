// Tiny but valid image files built in code (real magic bytes and structure), plus look-alikes
// the upload endpoint must refuse.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width×height RGB PNG filled with one colour. */
export function png(width = 2, height = 2, [r, g, b] = [255, 136, 0]) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker, data) {
  const len = Buffer.alloc(2);
  len.writeUInt16BE(data.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), len, data]);
}

/**
 * An 8×8 grey baseline JPEG (JFIF): one component, a quantisation table of ones, Huffman
 * tables with a single one-bit code each (DC category 0, AC end-of-block), one block.
 */
export function jpeg() {
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const sof0 = Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
  const counts = (n1) => { const c = Buffer.alloc(16); c[0] = n1; return c; };
  const dhtDc = Buffer.concat([Buffer.from([0x00]), counts(1), Buffer.from([0x00])]);
  const dhtAc = Buffer.concat([Buffer.from([0x10]), counts(1), Buffer.from([0x00])]);
  const sos = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  // Entropy data: DC code "0" (diff 0), AC code "0" (EOB), padded with ones: 0b00111111.
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    segment(0xdb, dqt),
    segment(0xc0, sof0),
    segment(0xc4, dhtDc),
    segment(0xc4, dhtAc),
    segment(0xda, sos),
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1×1 lossless WebP (RIFF/WEBP/VP8L). */
export function webp() {
  const vp8l = Buffer.from('2f00000010071011118888fe07', 'hex');
  const chunkHead = Buffer.alloc(8);
  chunkHead.write('VP8L', 0, 'ascii');
  chunkHead.writeUInt32LE(vp8l.length, 4);
  const pad = vp8l.length % 2 ? Buffer.from([0]) : Buffer.alloc(0);
  const body = Buffer.concat([Buffer.from('WEBP', 'ascii'), chunkHead, vp8l, pad]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A 1×1 GIF89a: a real image, but not an accepted format. */
export function gif() {
  return Buffer.from('474946383961010001008000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
}

export const PHP = Buffer.from('<?php system($_GET["c"]); ?>\n', 'utf8');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n', 'utf8');
/** SVG can carry script: never an accepted image. */
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n', 'utf8');

// Tiny but valid image files built in code (real magic bytes and structure), metadata blocks to
// plant in them (EXIF with GPS, comments), readers of what the daemon stores (JPEG segments, PNG
// chunks and pixels, WebP chunks), and look-alikes the upload endpoint must refuse.
import { deflateSync, inflateSync } from 'node:zlib';

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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGB PNG of `pixels` (width×height×3 bytes), with extra chunks before IDAT. */
export function pngOf(width, height, pixels, extraChunks = []) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const stride = width * 3;
  const raw = Buffer.alloc(height * (1 + stride)); // filter byte 0 (none) on every row
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (1 + stride) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...extraChunks.map(([type, data]) => pngChunk(type, data)),
    pngChunk('IDAT', deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims width×height but whose data holds one row: a decompression bomb's shape. */
export function pngClaiming(width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width×height RGB PNG filled with one colour. */
export function png(width = 2, height = 2, [r, g, b] = [255, 136, 0]) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([r, g, b], i * 3);
  return pngOf(width, height, pixels);
}

/** width×height×3 bytes of noise from `seed` (xorshift32): they do not compress. */
export function noisePixels(width, height, seed = 1) {
  const out = Buffer.alloc(width * height * 3);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A PNG of noise of about `bytes` bytes (before and after the daemon encodes it again: noise
 * does not compress), and its pixels.
 */
export function noisePng(bytes, seed = 1) {
  const side = Math.max(1, Math.round(Math.sqrt(bytes / 3)));
  const pixels = noisePixels(side, side, seed);
  return { bytes: pngOf(side, side, pixels), width: side, height: side, pixels };
}

/** The chunks of a PNG: [{type, data}], every CRC checked. */
export function pngChunks(buf) {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG signature');
  const chunks = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (buf.readUInt32BE(at + 8 + length) !== crc32(buf.subarray(at + 4, at + 8 + length))) throw new Error(`bad CRC in ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  if (chunks.at(-1)?.type !== 'IEND') throw new Error('no IEND: the PNG is cut');
  return chunks;
}

/** An 8-bit RGB or RGBA, grey or grey+alpha, non-interlaced PNG decoded: {width, height, channels, pixels}. */
export function decodePng(buf) {
  const chunks = pngChunks(buf);
  const ihdr = chunks[0].data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[ihdr[9]];
  if (ihdr[8] !== 8 || !channels || ihdr[12] !== 0) throw new Error(`unsupported PNG: depth ${ihdr[8]}, type ${ihdr[9]}`);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[at + x - channels] : 0;
      const b = y > 0 ? pixels[at - stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[at - stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a
        : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      if (predictor === undefined) throw new Error(`bad filter ${filter}`);
      pixels[at + x] = (row[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

function segment(marker, data) {
  const len = Buffer.alloc(2);
  len.writeUInt16BE(data.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), len, data]);
}

/**
 * A grey baseline JPEG (JFIF) of width×height (multiples of 8 make whole blocks): one
 * component, a quantisation table of ones, Huffman tables with a single one-bit code each (DC
 * category 0, AC end-of-block), every block mid-grey. `segments` ([marker, data]) go right after
 * the JFIF header: APP1 for EXIF, COM for a comment.
 */
export function jpeg(width = 8, height = 8, segments = []) {
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const sof0 = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const counts = (n1) => { const c = Buffer.alloc(16); c[0] = n1; return c; };
  const dhtDc = Buffer.concat([Buffer.from([0x00]), counts(1), Buffer.from([0x00])]);
  const dhtAc = Buffer.concat([Buffer.from([0x10]), counts(1), Buffer.from([0x00])]);
  const sos = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  // Entropy data: per block DC code "0" (diff 0) and AC code "0" (EOB), padded with ones.
  const bits = 2 * Math.ceil(width / 8) * Math.ceil(height / 8);
  const entropy = Buffer.alloc(Math.ceil(bits / 8));
  if (bits % 8) entropy[entropy.length - 1] = 0xff >> (bits % 8);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    ...segments.map(([marker, data]) => segment(marker, data)),
    segment(0xdb, dqt),
    segment(0xc0, sof0),
    segment(0xc4, dhtDc),
    segment(0xc4, dhtAc),
    segment(0xda, sos),
    entropy,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** The segments of a JPEG up to its scan: [{marker, data}], and the frame size from SOF. */
export function jpegSegments(buf) {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error('not a JPEG');
  const segments = [];
  let frame = null;
  for (let at = 2; at < buf.length;) {
    if (buf[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = buf[at + 1];
    const length = buf.readUInt16BE(at + 2);
    const data = buf.subarray(at + 4, at + 2 + length);
    segments.push({ marker, data });
    if (marker >= 0xc0 && marker <= 0xc2) frame = { height: data.readUInt16BE(1), width: data.readUInt16BE(3) };
    if (marker === 0xda) break;
    at += 2 + length;
  }
  if (buf[buf.length - 2] !== 0xff || buf[buf.length - 1] !== 0xd9) throw new Error('no EOI: the JPEG is cut');
  return { segments, ...frame };
}

// A TIFF structure (big-endian): IFD0 with the orientation and a pointer to a GPS IFD that
// holds latitude 35°39'31" N and longitude 139°42'10" E (the rationals below).
export const GPS_RATIONALS = [[35, 1], [39, 1], [31, 1], [139, 1], [42, 1], [10, 1]];
function tiffWithGps(orientation) {
  const entry = (tag, type, count, value) => {
    const e = Buffer.alloc(12);
    e.writeUInt16BE(tag, 0); e.writeUInt16BE(type, 2); e.writeUInt32BE(count, 4);
    value.copy(e, 8);
    return e;
  };
  const u16 = (v) => { const b = Buffer.alloc(4); b.writeUInt16BE(v); return b; };
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
  const ifd0At = 8, ifd0Size = 2 + 2 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size, gpsSize = 2 + 4 * 12 + 4;
  const latAt = gpsAt + gpsSize, lonAt = latAt + 24;
  const rationals = Buffer.alloc(48);
  GPS_RATIONALS.forEach(([n, d], i) => { rationals.writeUInt32BE(n, i * 8); rationals.writeUInt32BE(d, i * 8 + 4); });
  return Buffer.concat([
    Buffer.from('MM\0\x2a', 'latin1'), u32(ifd0At),
    u16(2).subarray(0, 2), entry(0x0112, 3, 1, u16(orientation)), entry(0x8825, 4, 1, u32(gpsAt)), u32(0),
    u16(4).subarray(0, 2),
    entry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')), entry(0x0002, 5, 3, u32(latAt)),
    entry(0x0003, 2, 2, Buffer.from('E\0\0\0', 'latin1')), entry(0x0004, 5, 3, u32(lonAt)),
    u32(0),
    rationals,
  ]);
}

/** An EXIF block (APP1 payload, PNG eXIf and WebP EXIF chunks) with an orientation and a GPS position. */
export function exifWithGps(orientation = 1) {
  return { app1: Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiffWithGps(orientation)]), tiff: tiffWithGps(orientation) };
}

/** The GPS rationals as they sit in the file: found anywhere, a position survived. */
export const GPS_BYTES = exifWithGps().tiff.subarray(-48);

function riffChunk(type, data) {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'ascii');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
}

/**
 * A 1×1 lossless WebP (RIFF/WEBP/VP8L); with `exif`, the extended form: a VP8X header that
 * announces it and an EXIF chunk after the image.
 */
export function webp(exif = null) {
  const vp8l = riffChunk('VP8L', Buffer.from('2f00000010071011118888fe07', 'hex'));
  const vp8x = Buffer.alloc(10); // flags (EXIF = 0x08), reserved, canvas width-1 and height-1 (24 bits each): 0
  vp8x[0] = 0x08;
  const chunks = exif ? [riffChunk('VP8X', vp8x), vp8l, riffChunk('EXIF', exif)] : [vp8l];
  const body = Buffer.concat([Buffer.from('WEBP', 'ascii'), ...chunks]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** The chunk types of a WebP file, in order. */
export function webpChunks(buf) {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP');
  const types = [];
  for (let at = 12; at + 8 <= buf.length;) {
    const size = buf.readUInt32LE(at + 4);
    types.push(buf.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return types;
}

/** A 1×1 GIF89a: a real image, but not an accepted format. */
export function gif() {
  return Buffer.from('474946383961010001008000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
}

export const PHP = Buffer.from('<?php system($_GET["c"]); ?>\n', 'utf8');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n', 'utf8');
/** SVG can carry script: never an accepted image. */
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n', 'utf8');

// Regenerates client/public/favicon.ico (the pawn of favicon.svg at 16, 32 and 48 px) with no
// dependencies: `node client/scripts/make-favicon.mjs`. The output is committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND = [0x74, 0x46, 0xff];
const SIZES = [16, 32, 48];
const SUPERSAMPLE = 4;

// The pawn in the 32-unit space of favicon.svg.
function insidePawn(x, y) {
  const head = (x - 16) ** 2 + (y - 8.5) ** 2 <= 5 ** 2;
  if (head) return true;
  if (y >= 15 && y < 17.5) {
    const half = 5 - ((y - 15) / 2.5) * 1.5;
    return Math.abs(x - 16) <= half;
  }
  if (y >= 17.5 && y < 25.5) {
    const t = (y - 17.5) / 8;
    return Math.abs(x - 16) <= 3.5 + 3.5 * t * t;
  }
  return y >= 26 && y <= 29.5 && x >= 6.5 && x <= 25.5;
}

function rasterise(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const step = 32 / size / SUPERSAMPLE;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let hits = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
          const x = (px * SUPERSAMPLE + sx + 0.5) * step;
          const y = (py * SUPERSAMPLE + sy + 0.5) * step;
          if (insidePawn(x, y)) hits += 1;
        }
      }
      const offset = (py * size + px) * 4;
      rgba[offset] = BRAND[0];
      rgba[offset + 1] = BRAND[1];
      rgba[offset + 2] = BRAND[2];
      rgba[offset + 3] = Math.round((hits / SUPERSAMPLE ** 2) * 255);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const images = SIZES.map((size) => ({ size, data: png(size, rasterise(size)) }));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(images.length, 4);

let offset = 6 + 16 * images.length;
const entries = images.map(({ size, data }) => {
  const entry = Buffer.alloc(16);
  entry[0] = size;
  entry[1] = size;
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(data.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += data.length;
  return entry;
});

const target = new URL('../public/favicon.ico', import.meta.url);
writeFileSync(target, Buffer.concat([header, ...entries, ...images.map((image) => image.data)]));
console.log(`wrote ${target.pathname} (${offset} bytes)`);

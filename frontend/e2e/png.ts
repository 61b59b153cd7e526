import { deflateSync } from 'node:zlib';

/** A PNG chunk: length, type, data and its CRC-32. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  let c = ~0;
  for (const byte of body) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  crc.writeUInt32BE(~c >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid 8-bit RGB PNG whose rows are `rows` (each `width` × 3 bytes of red, green, blue), unfiltered. */
export function rgbPng(width: number, rows: number[][]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows.length, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows.flatMap((row) => [0, ...row])))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

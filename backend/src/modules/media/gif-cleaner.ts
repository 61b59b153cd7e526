/**
 * Rewrites a GIF keeping only what is drawn and how it moves: the screen descriptor and colour
 * tables, each frame's timing (graphic control) and LZW pixel data up to its end code, and the
 * loop count. Comments, XMP/ICC and other application blocks, plain-text blocks, bytes hidden
 * after a frame's end code and everything after the trailer are dropped. The pixels are not
 * decoded or re-encoded, so every frame stays exactly as uploaded and the work is one linear pass.
 * The canvas and every frame are judged by the sizes their descriptors declare as the walk reaches
 * them, before their data is read: a GIF above IMAGE_PIXELS stops there.
 */
import { IMAGE_PIXELS } from '@cloud9/contracts';
import { TooManyPixelsError } from './image-pixels';

/** The bytes are not a complete, well-formed GIF. */
export class MalformedGifError extends Error {}

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
const APPLICATION = 0xff;
const LOOP_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);
const MAX_LZW_CODES = 4096;
/** A big GIF is walked in slices so the event loop keeps serving other requests meanwhile. */
const YIELD_EVERY_BYTES = 512 * 1024;

/** A cursor over the input that refuses to read past its end (a truncated file). */
class Reader {
  offset = 0;
  constructor(private readonly buf: Buffer) {}

  byte(): number {
    if (this.offset >= this.buf.length) throw new MalformedGifError('the file ends inside a block');
    return this.buf[this.offset++];
  }

  bytes(n: number): Buffer {
    if (this.offset + n > this.buf.length) throw new MalformedGifError('the file ends inside a block');
    const out = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  /** A chain of data sub-blocks (length byte, data) up to its zero terminator. */
  subBlocks(): Buffer[] {
    const blocks: Buffer[] = [];
    for (let size = this.byte(); size !== 0; size = this.byte()) blocks.push(this.bytes(size));
    return blocks;
  }
}

const colourTableSize = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0);

/** The canonical NETSCAPE2.0 block: loop `count` times (0 = forever), nothing else. */
const loopBlock = (count: number) =>
  Buffer.concat([Buffer.from([EXTENSION, APPLICATION, 11]), Buffer.from('NETSCAPE2.0', 'latin1'), Buffer.from([3, 1, count & 0xff, count >> 8, 0])]);

/** Splits LZW data back into sub-blocks of at most 255 bytes, with the zero terminator. */
function toSubBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const chunk = data.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/**
 * Walks a frame's LZW code stream without building pixels (only the length of each dictionary
 * entry is tracked) and returns the data up to its end code, with the unused bits of the last
 * byte zeroed. Refuses a stream with an impossible code or fewer pixels than the frame needs.
 */
export function cutLzwData(data: Buffer, minCodeSize: number, pixelsNeeded: number): Buffer {
  if (minCodeSize < 2 || minCodeSize > 8) throw new MalformedGifError(`LZW minimum code size ${minCodeSize}`);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const lengths = new Uint32Array(MAX_LZW_CODES);
  lengths.fill(1, 0, clear);
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  let previous = -1;
  let pixels = 0;
  let bits = 0; // read ahead from `data`, not yet consumed as codes
  let bitCount = 0;
  let index = 0;

  for (;;) {
    while (bitCount < codeSize && index < data.length) {
      bits |= data[index++] << bitCount;
      bitCount += 8;
    }
    if (bitCount < codeSize) break;
    const code = bits & ((1 << codeSize) - 1);
    bits >>>= codeSize;
    bitCount -= codeSize;

    if (code === clear) {
      codeSize = minCodeSize + 1;
      next = clear + 2;
      previous = -1;
      continue;
    }
    if (code === end) {
      if (pixels < pixelsNeeded) throw new MalformedGifError('a frame ends before all its pixels');
      const usedBits = index * 8 - bitCount;
      const cut = Buffer.from(data.subarray(0, Math.ceil(usedBits / 8)));
      if (usedBits % 8) cut[cut.length - 1] &= (1 << (usedBits % 8)) - 1;
      return cut;
    }
    if (previous === -1) {
      if (code >= clear) throw new MalformedGifError('a frame starts with an undefined LZW code');
      pixels += 1;
    } else {
      if (code > next) throw new MalformedGifError('an undefined LZW code');
      const entryLength = lengths[previous] + 1;
      pixels += code === next ? entryLength : lengths[code];
      if (next < MAX_LZW_CODES) {
        lengths[next++] = entryLength;
        if (next === 1 << codeSize && codeSize < 12) codeSize++;
      }
    }
    previous = code;
  }
  // No end code: decoders stop at the end of the data, which is fine once the frame is complete.
  if (pixels < pixelsNeeded) throw new MalformedGifError('a frame ends before all its pixels');
  return Buffer.from(data);
}

/** The pixel bounds a GIF is held to (IMAGE_PIXELS unless a test says otherwise). */
export interface GifPixelLimits {
  maxSide: number;
  maxFrame: number;
  maxAnimation: number;
}

/**
 * See the file comment. Rejects with MalformedGifError for a truncated or malformed GIF, and with
 * TooManyPixelsError for a canvas or frame above the side or frame limit, or frames whose canvases
 * add up to more than the animation's (each frame is drawn on the whole canvas, whatever its own size).
 */
export async function cleanGif(input: Buffer, limits: GifPixelLimits = IMAGE_PIXELS): Promise<Buffer> {
  const r = new Reader(input);
  const signature = r.bytes(6).toString('latin1');
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new MalformedGifError('not a GIF');
  const screen = r.bytes(7);
  const width = screen.readUInt16LE(0);
  const height = screen.readUInt16LE(2);
  const within = (w: number, h: number) => w <= limits.maxSide && h <= limits.maxSide && w * h <= limits.maxFrame;
  if (!within(width, height)) throw new TooManyPixelsError(`a ${width}×${height} canvas is too large`);
  const head = Buffer.concat([Buffer.from(signature, 'latin1'), screen, r.bytes(colourTableSize(screen[4]))]);

  const frames: Buffer[] = [];
  let frameCount = 0;
  let loopCount: number | null = null;
  let graphicControl: Buffer | null = null;
  let yieldedAt = 0;

  for (;;) {
    if (r.offset - yieldedAt > YIELD_EVERY_BYTES) {
      await new Promise(setImmediate);
      yieldedAt = r.offset;
    }
    const introducer = r.byte();
    if (introducer === TRAILER) break;
    if (introducer === IMAGE) {
      const descriptor = r.bytes(9);
      const frameWidth = descriptor.readUInt16LE(4);
      const frameHeight = descriptor.readUInt16LE(6);
      if (!within(frameWidth, frameHeight)) throw new TooManyPixelsError(`a ${frameWidth}×${frameHeight} frame is too large`);
      if (++frameCount * width * height > limits.maxAnimation) throw new TooManyPixelsError(`${frameCount} frames of ${width}×${height} are too many pixels`);
      const localColours = r.bytes(colourTableSize(descriptor[8]));
      const minCodeSize = r.byte();
      const data = cutLzwData(Buffer.concat(r.subBlocks()), minCodeSize, frameWidth * frameHeight);
      frames.push(...(graphicControl ? [graphicControl] : []), Buffer.from([IMAGE]), descriptor, localColours, Buffer.from([minCodeSize]), toSubBlocks(data));
      graphicControl = null;
      continue;
    }
    if (introducer !== EXTENSION) throw new MalformedGifError(`unexpected block 0x${introducer.toString(16)}`);

    const label = r.byte();
    const blocks = r.subBlocks();
    if (label === GRAPHIC_CONTROL) {
      if (blocks.length !== 1 || blocks[0].length !== 4) throw new MalformedGifError('a malformed graphic control block');
      // It applies to the next frame; only the last one before a frame counts.
      graphicControl = Buffer.concat([Buffer.from([EXTENSION, GRAPHIC_CONTROL, 4]), blocks[0], Buffer.from([0])]);
    } else if (label === APPLICATION && blocks[0]?.length === 11 && LOOP_APPLICATIONS.has(blocks[0].toString('latin1'))) {
      const loop = blocks.slice(1).find((b) => b.length >= 3 && b[0] === 1);
      if (loop && loopCount === null) loopCount = loop.readUInt16LE(1);
    } else if (label === PLAIN_TEXT) {
      graphicControl = null; // its timing belonged to the dropped text, not to the next frame
    }
    // Comments, other application blocks (XMP, ICC, …) and unknown extensions are dropped.
  }

  if (!frames.length) throw new MalformedGifError('a GIF without any frame');
  return Buffer.concat([head, ...(loopCount === null ? [] : [loopBlock(loopCount)]), ...frames, Buffer.from([TRAILER])]);
}

/** What an upload is, judged by its bytes. */
export type MediaKind = 'image' | 'video' | 'audio';

export interface FileSignature {
  mime: string;
  kind: MediaKind;
  ext: string;
}

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');
const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

/** ISO base media (mp4, mov, m4a): `ftyp` box at offset 4, brand decides audio or video. */
function isoMedia(buf: Buffer): FileSignature | null {
  if (ascii(buf, 4, 8) !== 'ftyp') return null;
  const brand = ascii(buf, 8, 12);
  if (brand === 'M4A ' || brand === 'M4B ') return { mime: 'audio/mp4', kind: 'audio', ext: 'm4a' };
  if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video', ext: 'mov' };
  if (/^(avif|avis)$/.test(brand)) return { mime: 'image/avif', kind: 'image', ext: 'avif' };
  if (/^(heic|heix|mif1)$/.test(brand)) return null; // HEIC: browsers cannot show it
  return { mime: 'video/mp4', kind: 'video', ext: 'mp4' };
}

/**
 * Recognises a file by its first bytes (magic numbers), never by its name or declared type.
 * Only images, video and audio are recognised; SVG, HTML and everything else give null.
 */
export function sniffFile(head: Buffer): FileSignature | null {
  if (head.length < 12) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'image', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', kind: 'image', ext: 'png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mime: 'image/gif', kind: 'image', ext: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF') {
    const type = ascii(head, 8, 12);
    if (type === 'WEBP') return { mime: 'image/webp', kind: 'image', ext: 'webp' };
    if (type === 'WAVE') return { mime: 'audio/wav', kind: 'audio', ext: 'wav' };
    return null;
  }
  const iso = isoMedia(head);
  if (iso) return iso;
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', kind: 'video', ext: 'webm' };
  if (ascii(head, 0, 4) === 'OggS') return { mime: 'audio/ogg', kind: 'audio', ext: 'ogg' };
  if (ascii(head, 0, 4) === 'fLaC') return { mime: 'audio/flac', kind: 'audio', ext: 'flac' };
  if (ascii(head, 0, 3) === 'ID3') return { mime: 'audio/mpeg', kind: 'audio', ext: 'mp3' };
  if (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) return { mime: 'audio/aac', kind: 'audio', ext: 'aac' }; // ADTS
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0) return { mime: 'audio/mpeg', kind: 'audio', ext: 'mp3' }; // MPEG frame sync
  return null;
}

/** How many leading bytes sniffFile needs. */
export const SNIFF_BYTES = 16;

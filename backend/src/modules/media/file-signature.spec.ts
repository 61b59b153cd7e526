import { sniffFile } from './file-signature';

const pad = (bytes: number[] | string, total = 32) => {
  const head = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, total - head.length))]);
};

describe('sniffFile', () => {
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    ['gif', 'GIF89a', 'image/gif'],
    ['webp', 'RIFF\0\0\0\0WEBPVP8 ', 'image/webp'],
    ['wav', 'RIFF\0\0\0\0WAVEfmt ', 'audio/wav'],
    ['mp4', '\0\0\0\x18ftypisom', 'video/mp4'],
    ['mov', '\0\0\0\x14ftypqt  ', 'video/quicktime'],
    ['m4a', '\0\0\0\x18ftypM4A ', 'audio/mp4'],
    ['webm', [0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
    ['ogg', 'OggS', 'audio/ogg'],
    ['mp3 (ID3)', 'ID3\x04', 'audio/mpeg'],
    ['flac', 'fLaC', 'audio/flac'],
  ])('recognises %s', (_name, bytes, mime) => {
    expect(sniffFile(pad(bytes as number[] | string))?.mime).toBe(mime);
  });

  it.each([
    ['svg', '<svg xmlns="http://www.w3.org/2000/svg">'],
    ['html', '<!DOCTYPE html><html>'],
    ['script', '<script>alert(1)</script>'],
    ['pdf', '%PDF-1.7'],
    ['zip', 'PK\x03\x04'],
    ['riff avi', 'RIFF\0\0\0\0AVI LIST'],
    ['plain text', 'hello world, this is text'],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffFile(pad(bytes))).toBeNull();
  });

  it('refuses files too short to judge', () => expect(sniffFile(Buffer.from([0xff, 0xd8]))).toBeNull());
});

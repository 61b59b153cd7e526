import type { Track } from 'mediainfo.js';
import { containerReport, ContainerReport, judgeContainer } from './container-rules';
import { FileSignature, sniffFile } from './file-signature';

const sniffed = (head: string | number[]): FileSignature => {
  const bytes = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return sniffFile(Buffer.concat([bytes, Buffer.alloc(32)]))!;
};
const MP4 = sniffed('\0\0\0\x18ftypisom');
const MOV = sniffed('\0\0\0\x14ftypqt  ');
const M4A = sniffed('\0\0\0\x18ftypM4A ');
const EBML = sniffed([0x1a, 0x45, 0xdf, 0xa3]);
const OGG = sniffed('OggS');
const WAV = sniffed('RIFF\0\0\0\0WAVEfmt ');
const MP3 = sniffed('ID3\x04');
const FLAC = sniffed('fLaC');

const report = (format: string | undefined, video: number, audio: number, more: Partial<ContainerReport> = {}): ContainerReport => ({
  format, duration: 1, videoTracks: video, audioTracks: audio, damaged: false, display: null, ...more,
});
const stored = (signature: FileSignature | null) => signature && `${signature.kind} ${signature.mime} .${signature.ext}`;

describe('judgeContainer', () => {
  it.each([
    ['MP4 with video', MP4, report('MPEG-4', 1, 1), 'video video/mp4 .mp4'],
    ['MP4 with video only', MP4, report('MPEG-4', 1, 0), 'video video/mp4 .mp4'],
    ['MP4 with audio only (a phone recording)', MP4, report('MPEG-4', 0, 1), 'audio audio/mp4 .m4a'],
    ['QuickTime with video', MOV, report('MPEG-4', 1, 1), 'video video/quicktime .mov'],
    ['M4A', M4A, report('MPEG-4', 0, 1), 'audio audio/mp4 .m4a'],
    ['WebM with video', EBML, report('WebM', 1, 1), 'video video/webm .webm'],
    ['WebM with audio only (a browser recording)', EBML, report('WebM', 0, 1), 'audio audio/webm .weba'],
    ['Matroska with video', EBML, report('Matroska', 1, 2), 'video video/x-matroska .mkv'],
    ['Ogg Opus', OGG, report('Ogg', 0, 1), 'audio audio/ogg .ogg'],
    ['Ogg Theora', OGG, report('Ogg', 1, 1), 'video video/ogg .ogv'],
    ['WAV', WAV, report('Wave', 0, 1), 'audio audio/wav .wav'],
    ['MP3', MP3, report('MPEG Audio', 0, 1), 'audio audio/mpeg .mp3'],
    ['FLAC', FLAC, report('FLAC', 0, 1), 'audio audio/flac .flac'],
  ])('stores %s as what its tracks are', (_name, signature, found, expected) => {
    expect(stored(judgeContainer(signature, found))).toBe(expected);
  });

  it.each([
    ['a container MediaInfo did not recognise (magic bytes only)', MP4, report(undefined, 0, 0, { duration: 0 })],
    ['another container than the magic bytes said (ftyp, but parsed as MP3)', MP4, report('MPEG Audio', 0, 1)],
    ['another container than the magic bytes said (ID3, but parsed as FLAC)', MP3, report('FLAC', 0, 1)],
    ['a WAV that parses as WebM', WAV, report('WebM', 1, 1)],
    ['a truncated or broken container', MP4, report('MPEG-4', 1, 1, { damaged: true })],
    ['a zero duration', WAV, report('Wave', 0, 1, { duration: 0 })],
    ['no track at all', MP4, report('MPEG-4', 0, 0)],
    ['only a subtitle or image track', EBML, report('WebM', 0, 0)],
    ['an M4A (audio brand) carrying a video track', M4A, report('MPEG-4', 1, 1)],
    ['an MP3 carrying a video track', MP3, report('MPEG Audio', 1, 1)],
  ])('refuses %s', (_name, signature, found) => {
    expect(judgeContainer(signature, found)).toBeNull();
  });
});

describe('containerReport', () => {
  const general = (fields: Record<string, unknown>) => ({ '@type': 'General', ...fields }) as unknown as Track;
  const track = (type: string, fields: Record<string, unknown> = {}) => ({ '@type': type, ...fields }) as unknown as Track;

  it('reads the format, the duration and counts video and audio tracks (not text, image or menu)', () => {
    const tracks = [general({ Format: 'WebM', Duration: 2.5 }), track('Video'), track('Audio'), track('Audio'), track('Text'), track('Image'), track('Menu')];
    expect(containerReport(tracks)).toEqual({ format: 'WebM', duration: 2.5, videoTracks: 1, audioTracks: 2, damaged: false, display: null });
  });

  it.each([
    ['square pixels', { Width: 640, Height: 360 }, { width: 640, height: 360 }],
    ['non-square pixels (anamorphic DV)', { Width: 720, Height: 480, PixelAspectRatio: 1.185 }, { width: 853, height: 480 }],
    ['a phone video turned a quarter', { Width: 1920, Height: 1080, Rotation: '90.000' }, { width: 1080, height: 1920 }],
    ['a phone video turned upside down', { Width: 1920, Height: 1080, Rotation: '180.000' }, { width: 1920, height: 1080 }],
  ])('gives the first video track\'s size as shown: %s', (_name, fields, display) => {
    expect(containerReport([general({ Format: 'MPEG-4', Duration: 1 }), track('Video', fields), track('Video', { Width: 8, Height: 8 })]).display).toEqual(display);
  });

  it('has no display size without a video track or with a size that is not a positive whole number', () => {
    expect(containerReport([general({ Format: 'Ogg', Duration: 1 }), track('Audio')]).display).toBeNull();
    expect(containerReport([general({ Format: 'WebM', Duration: 1 }), track('Video', { Width: 0, Height: 48 })]).display).toBeNull();
    expect(containerReport([general({ Format: 'WebM', Duration: 1 }), track('Video', { Width: 64 })]).display).toBeNull();
  });

  it('takes the longest track duration when the container gives none', () => {
    expect(containerReport([general({ Format: 'Ogg' }), track('Audio', { Duration: 0.75 }), track('Audio', { Duration: '1.25' })]).duration).toBe(1.25);
  });

  it.each([
    ['missing', {}],
    ['zero', { Duration: 0 }],
    ['negative', { Duration: -3 }],
    ['not a number', { Duration: 'NaN' }],
  ])('gives 0 for a %s duration', (_name, fields) => {
    expect(containerReport([general({ Format: 'Wave', ...fields }), track('Audio')]).duration).toBe(0);
  });

  it('marks a container damaged when MediaInfo says it is truncated or lists conformance errors', () => {
    expect(containerReport([general({ Format: 'MPEG-4', extra: { IsTruncated: 'Yes' } })]).damaged).toBe(true);
    expect(containerReport([general({ Format: 'Ogg', extra: { ConformanceErrors: [{ GeneralCompliance: 'Element size is more than maximal permitted size' }] } })]).damaged).toBe(true);
    expect(containerReport([general({ Format: 'MPEG-4', extra: { ConformanceWarnings: [{}] } })]).damaged).toBe(false);
  });

  it('has no format when MediaInfo recognised nothing', () => {
    expect(containerReport([general({ FileSize: '2004' })])).toEqual({ format: undefined, duration: 0, videoTracks: 0, audioTracks: 0, damaged: false, display: null });
    expect(containerReport([])).toEqual({ format: undefined, duration: 0, videoTracks: 0, audioTracks: 0, damaged: false, display: null });
  });
});

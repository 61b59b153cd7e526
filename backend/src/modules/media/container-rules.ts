import type { Track } from 'mediainfo.js';
import type { FileSignature } from './file-signature';

/** What MediaInfo found in a file, reduced to what an upload is judged by. */
export interface ContainerReport {
  /** MediaInfo's container name ("MPEG-4", "WebM", "Ogg", …), undefined when it recognised none. */
  format: string | undefined;
  /** Seconds; 0 when unknown. */
  duration: number;
  videoTracks: number;
  audioTracks: number;
  /** The container is cut short or its structure is broken (sizes past the end, bad elements). */
  damaged: boolean;
  /** The first video track's size as shown (pixel aspect and rotation applied); null when unknown. */
  display: { width: number; height: number } | null;
}

const seconds = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** A video track's size on screen: non-square pixels stretched, a quarter turn swapping the sides. */
function displaySize(video: Track | undefined): { width: number; height: number } | null {
  const track = (video ?? {}) as { Width?: unknown; Height?: unknown; PixelAspectRatio?: unknown; Rotation?: unknown };
  const width = Number(track.Width);
  const height = Number(track.Height);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
  const aspect = Number(track.PixelAspectRatio);
  const shown = Math.max(1, Math.round(Number.isFinite(aspect) && aspect > 0 ? width * aspect : width));
  const quarterTurn = Math.abs(Math.round(Number.parseFloat(String(track.Rotation ?? 0)) / 90)) % 2 === 1;
  return quarterTurn ? { width: height, height: shown } : { width: shown, height };
}

export function containerReport(tracks: Track[]): ContainerReport {
  const general = tracks.find((t) => t['@type'] === 'General');
  const extra = (general?.extra ?? {}) as Record<string, unknown>;
  return {
    format: general?.Format,
    // Some containers give the duration only per track.
    duration: seconds(general?.Duration) || Math.max(0, ...tracks.map((t) => seconds((t as { Duration?: unknown }).Duration))),
    videoTracks: tracks.filter((t) => t['@type'] === 'Video').length,
    audioTracks: tracks.filter((t) => t['@type'] === 'Audio').length,
    damaged: extra.IsTruncated === 'Yes' || extra.ConformanceErrors !== undefined,
    display: displaySize(tracks.find((t) => t['@type'] === 'Video')),
  };
}

type Stored = FileSignature | null;
const named = (mime: string, ext: string): FileSignature => ({ mime, kind: mime.startsWith('video/') ? 'video' : 'audio', ext });

const MP4 = named('video/mp4', 'mp4');
const MOV = named('video/quicktime', 'mov');
const M4A = named('audio/mp4', 'm4a');

/**
 * For each type the magic bytes gave: the container MediaInfo must find, and what the file is
 * stored as with a video track / with only audio. Containers that carry either (MP4, QuickTime,
 * WebM, Matroska, Ogg) are named by their tracks: an audio-only MP4 is audio/mp4, never served as
 * video. A type that only carries audio (an M4A brand, MP3, WAV, FLAC, AAC) has no video form:
 * a video track there means the file is not what it says.
 */
const RULES: Record<string, Record<string, { video: Stored; audio: Stored }>> = {
  'video/mp4': { 'MPEG-4': { video: MP4, audio: M4A } },
  'video/quicktime': { 'MPEG-4': { video: MOV, audio: M4A } },
  'audio/mp4': { 'MPEG-4': { video: null, audio: M4A } },
  'video/webm': {
    WebM: { video: named('video/webm', 'webm'), audio: named('audio/webm', 'weba') },
    Matroska: { video: named('video/x-matroska', 'mkv'), audio: named('audio/x-matroska', 'mka') },
  },
  'audio/ogg': { Ogg: { video: named('video/ogg', 'ogv'), audio: named('audio/ogg', 'ogg') } },
  'audio/wav': { Wave: { video: null, audio: named('audio/wav', 'wav') } },
  'audio/flac': { FLAC: { video: null, audio: named('audio/flac', 'flac') } },
  'audio/mpeg': { 'MPEG Audio': { video: null, audio: named('audio/mpeg', 'mp3') } },
  'audio/aac': { ADTS: { video: null, audio: named('audio/aac', 'aac') } },
};

/**
 * What an audio or video upload is stored as, or null when it must be refused: the container
 * must be the one its magic bytes announced, whole, with a positive duration and a video track
 * (video) or audio tracks and no video track (audio).
 */
export function judgeContainer(sniffed: FileSignature, report: ContainerReport): FileSignature | null {
  const rule = report.format === undefined ? undefined : RULES[sniffed.mime]?.[report.format];
  if (!rule || report.damaged || report.duration <= 0) return null;
  if (report.videoTracks > 0) return rule.video;
  return report.audioTracks > 0 ? rule.audio : null;
}

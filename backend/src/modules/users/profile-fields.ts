import { BadRequestException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';

/** A past calendar date as YYYY-MM-DD, or null for an empty value. */
export function parseBirthdate(raw: string): string | null {
  if (raw === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  const valid = date && date.toISOString().slice(0, 10) === raw && date.getTime() < Date.now() && +match![1] >= 1900;
  if (!valid) throw new BadRequestException(MESSAGES.profile.invalidBirthdate);
  return raw;
}

/** An http(s) address; a bare host gets https:// in front. Null for an empty value. */
export function parseWebsite(raw: string): string | null {
  if (raw === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return url.toString();
  } catch {
    // falls through to the 400
  }
  throw new BadRequestException(MESSAGES.profile.invalidWebsite);
}

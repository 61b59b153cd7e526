import { Injectable } from '@nestjs/common';

/**
 * The time two-factor reads: which 30-second step a code belongs to, and how old a pending sign-in
 * is. A provider of its own so tests control it (they move it instead of sleeping).
 */
@Injectable()
export class TwoFactorClock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }
}

// negotiator 1.x ships no types, and @types/negotiator still describes 0.6 (no `preferred` option).
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  interface EncodingOptions {
    /** Breaks ties between equally acceptable encodings, in this order. */
    preferred?: readonly string[];
  }

  export default class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available?: readonly string[], options?: EncodingOptions): string | undefined;
  }
}

/** Decorative cloud shapes; hidden from assistive technology. */
export function CloudShape({ className, opacity = 1 }: { className?: string; opacity?: number }) {
  return (
    <svg className={className} viewBox="0 0 120 60" aria-hidden="true" focusable="false">
      <path
        d="M14 56c-8 0-13-6-13-13s6-13 13-13c1-11 10-19 21-19 6-8 15-11 24-8 7-3 16-1 22 5 11-1 21 7 22 18 9 1 15 8 15 16 0 8-6 14-14 14z"
        fill="#fff"
        fillOpacity={opacity}
      />
    </svg>
  );
}

/** A small trophy for winners' accents (paid tiers, the hero). */
export function TrophyIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 3h10v3h3v2a5 5 0 0 1-4.2 4.9A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1a5 5 0 0 1-2.8-3A5 5 0 0 1 4 8V6h3zm0 5V8H6a3 3 0 0 0 1.1 2.3A6 6 0 0 1 7 8m10 0c0 .8-.1 1.6-.1 2.3A3 3 0 0 0 18 8z"
        fill="currentColor"
      />
    </svg>
  );
}

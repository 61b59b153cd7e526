/**
 * The banner of a profile without one of its own: clouds in a blue sky, drawn inline rather than
 * fetched, so the profile's first paint waits for no image (it was the page's largest paint, one
 * round trip after the profile itself). Same drawing as /images/default-banner.svg.
 */
export function DefaultBanner() {
  return (
    <svg className="profile-banner-default" viewBox="0 0 1200 300" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="default-banner-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d6fd1" />
          <stop offset="0.6" stopColor="#5fb4f5" />
          <stop offset="1" stopColor="#bfe3ff" />
        </linearGradient>
        <radialGradient id="default-banner-sun" cx="0.85" cy="0.2" r="0.25">
          <stop offset="0" stopColor="#ffe38a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffe38a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1200" height="300" fill="url(#default-banner-sky)" />
      <rect width="1200" height="300" fill="url(#default-banner-sun)" />
      <g fill="#ffffff">
        <path fillOpacity="0.9" d="M60 250c0-30 25-52 55-50 12-28 42-44 72-36 18-20 52-22 72-2 30-4 56 18 58 48 24 2 40 20 40 40H60z" />
        <path fillOpacity="0.75" d="M520 270c0-22 18-40 40-38 10-24 34-36 58-30 16-16 42-16 58 0 24-2 44 16 46 40 18 2 30 14 30 28H520z" />
        <path fillOpacity="0.85" d="M880 260c0-26 22-46 48-44 10-26 38-40 64-32 16-18 46-20 64-2 26-4 50 16 52 42 20 2 36 18 36 36H880z" />
        <path fillOpacity="0.5" d="M330 90c0-12 10-22 22-21 6-13 20-20 34-16 9-9 24-10 33-1 13-2 26 8 27 22 10 1 18 8 18 16H330z" />
      </g>
    </svg>
  );
}

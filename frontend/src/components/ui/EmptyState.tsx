import type { ReactNode } from 'react';
import './EmptyState.css';

/** An honest empty message with a cloud illustration; `children` may add a hint or action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg className="empty-state-art" viewBox="0 0 180 100" aria-hidden="true" focusable="false">
        <circle cx="128" cy="22" r="12" fill="#ffd866" />
        <path
          d="M30 80c-11 0-18-8-18-17s8-17 18-17c1-14 13-25 28-25 8-10 20-14 32-10 10-4 22-1 29 7 14-1 27 9 29 23 11 1 19 10 19 20 0 10-8 19-18 19z"
          fill="#ffffff"
          stroke="#bfe3ff"
          strokeWidth="3"
        />
        <path d="M52 62q8 8 16 0M92 62q8 8 16 0" stroke="#5fb4f5" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      <p className="empty-state-message">{message}</p>
      {children}
    </div>
  );
}

import type { CSSProperties, ReactNode } from 'react';
import './skeletons.css';

/**
 * A loading placeholder drawn in the shape of what it stands for, so the screen does not move
 * when the content arrives. Announced like the spinner: a status with a text label.
 */
export function Skeleton({ label = 'Loading...', className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} role="status">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** One grey shape: a line of text (width as a share of its box), a circle or a block. */
export function Bone({ kind = 'line', width, height }: { kind?: 'line' | 'circle' | 'block'; width?: string; height?: string }) {
  const style: CSSProperties = {};
  if (width) style.width = width;
  if (height) style.height = height;
  return <span className={`bone bone-${kind}`} style={style} />;
}

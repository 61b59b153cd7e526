import { useRef } from 'react';

const ACCEPT = 'image/*,video/*,audio/*';

/** 'Photo/Video': a file input (image, video or audio) dressed as a toolbar button. */
export function FilePickButton({ onPick, label = 'Photo/Video' }: { onPick: (file: File | null) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <label className="composer-tool">
      <span aria-hidden="true">🖼️</span>
      <span>{label}</span>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        aria-label={label}
        accept={ACCEPT}
        onChange={(e) => {
          onPick(e.target.files?.[0] ?? null);
          // Choosing the same file again after removing it must fire change again.
          if (input.current) input.current.value = '';
        }}
      />
    </label>
  );
}

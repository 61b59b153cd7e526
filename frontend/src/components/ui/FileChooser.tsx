import { useEffect, useId, useRef } from 'react';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import './FileChooser.css';

interface FileChooserProps {
  /** The field's visible label; also the start of the input's accessible name. */
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Show the chosen file itself (image, video or audio) under the button; off where the form previews it elsewhere. */
  preview?: boolean;
}

/**
 * A file field that looks like the app: the real file input (keyboard, screen readers and drag and
 * drop as the browser gives them) is labelled by the field label and the visible "Choose file"
 * button, then the chosen name, a Remove button and, if asked, a preview.
 */
export function FileChooser({ label, accept, file, onChange, preview = false }: FileChooserProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const input = useRef<HTMLInputElement>(null);
  const url = useObjectUrl(preview ? file : null);
  const type = file?.type ?? '';

  // Emptied by the form (after a save) or by Remove: the input lets go too, so the same file can be chosen again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const clear = () => {
    onChange(null);
    input.current?.focus();
  };

  return (
    <div className="field file-chooser">
      <label htmlFor={id}>{label}</label>
      <div className="file-chooser-row">
        <input
          ref={input}
          id={id}
          type="file"
          className="file-chooser-input"
          accept={accept}
          aria-describedby={statusId}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <label htmlFor={id} className="btn btn-ghost file-chooser-button">
          <span aria-hidden="true">📎</span> Choose file
        </label>
        <span id={statusId} className="file-chooser-name">
          {file ? file.name : 'No file chosen'}
        </span>
        {file && (
          <button type="button" className="btn btn-ghost file-chooser-remove" onClick={clear}>
            Remove
          </button>
        )}
      </div>
      {url && type.startsWith('image/') && <img className="file-chooser-preview" src={url} alt={`Preview of ${file?.name}`} />}
      {url && type.startsWith('video/') && <video className="file-chooser-preview" src={url} controls aria-label={`Preview of ${file?.name}`} />}
      {url && type.startsWith('audio/') && <audio className="file-chooser-audio" src={url} controls aria-label={`Preview of ${file?.name}`} />}
    </div>
  );
}

import { takesAltText } from '@cloud9/contracts';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import { VideoPlayer } from '../ui/VideoPlayer';
import { AltTextControl } from './AltTextControl';

interface MediaPreviewProps {
  file: File | null;
  gif: string | null;
  onRemoveFile: () => void;
  onRemoveGif: () => void;
  /** The file's description; with `onAltChange`, an image or video offers the "Add description" control. */
  alt?: string;
  onAltChange?: (alt: string) => void;
}

/**
 * The chosen GIF, or the uploaded file shown by its MIME type: image, video or audio. An image or
 * video can be described (alt text); audio and a picked GIF cannot.
 */
export function MediaPreview({ file, gif, onRemoveFile, onRemoveGif, alt = '', onAltChange }: MediaPreviewProps) {
  const url = useObjectUrl(file);
  if (!file && !gif) return null;

  if (gif) {
    return (
      <div className="media-preview">
        <img src={gif} alt="Chosen GIF" className="media-preview-item" />
        <button type="button" className="btn btn-ghost media-preview-remove" onClick={onRemoveGif}>
          Remove GIF
        </button>
      </div>
    );
  }

  const type = file?.type ?? '';
  let media = <p className="hint">{file?.name}</p>;
  if (url && type.startsWith('image/')) media = <img src={url} alt={`Preview of ${file?.name}`} className="media-preview-item" />;
  else if (url && type.startsWith('video/')) media = <VideoPlayer src={url} className="media-preview-item" aria-label={`Preview of ${file?.name}`} />;
  else if (url && type.startsWith('audio/')) media = <audio src={url} controls className="media-preview-audio" aria-label={`Preview of ${file?.name}`} />;

  return (
    <div className="media-preview" data-kind={type.split('/')[0] || 'file'}>
      {media}
      <button type="button" className="btn btn-ghost media-preview-remove" onClick={onRemoveFile}>
        Remove media
      </button>
      {onAltChange && takesAltText(type) && <AltTextControl alt={alt} onChange={onAltChange} />}
    </div>
  );
}

import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileChooser } from './FileChooser';

function Harness({ preview = true }: { preview?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return <FileChooser label="Attach media" accept="image/*,video/*,audio/*" file={file} onChange={setFile} preview={preview} />;
}

describe('FileChooser', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  });

  it('is a real file input named by its visible label and button, saying what is chosen', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Attach media');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName('Attach media Choose file');
    expect(input).toHaveAccessibleDescription('No file chosen');
  });

  it('shows the chosen file name and an image preview; Remove empties the field and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Attach media');
    await user.upload(input, new File(['x'], 'sky.png', { type: 'image/png' }));
    expect(input).toHaveAccessibleDescription('sky.png');
    expect(screen.getByRole('img', { name: 'Preview of sky.png' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(input).toHaveAccessibleDescription('No file chosen');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('previews video and audio by their type, and nothing when the form previews elsewhere', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.upload(screen.getByLabelText('Attach media'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(screen.getByLabelText('Preview of clip.mp4').tagName).toBe('VIDEO');
    await user.upload(screen.getByLabelText('Attach media'), new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    expect(screen.getByLabelText('Preview of song.mp3').tagName).toBe('AUDIO');
    unmount();
    render(<Harness preview={false} />);
    await user.upload(screen.getByLabelText('Attach media'), new File(['x'], 'sky.png', { type: 'image/png' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('sky.png')).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmAction } from '../confirm';
import { promptText } from '../prompt';
import { DialogHost } from './DialogHost';

function Opener() {
  return (
    <button type="button" onClick={() => void confirmAction({ message: 'Delete it?', confirmLabel: 'Delete', cancelLabel: 'Keep' })}>
      Open
    </button>
  );
}

describe('confirmAction() in the dialog host', () => {
  it('is an alertdialog named by its question, with the focus on the safe button', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction({ message: 'Are you sure you want to delete this post?', confirmLabel: 'Delete' });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.confirm).not.toHaveBeenCalled();
  });

  it('the cancel button and Escape answer false', async () => {
    render(<DialogHost />);
    let first: Promise<boolean> | undefined;
    act(() => {
      first = confirmAction({ message: 'First?', cancelLabel: 'Keep editing' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> | undefined;
    act(() => {
      second = confirmAction({ message: 'Second?' });
    });
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Escape answers only the question, not a listener underneath it', async () => {
    const underneath = vi.fn();
    document.addEventListener('keydown', underneath);
    render(<DialogHost />);
    act(() => void confirmAction({ message: 'Discard post?' }));
    await userEvent.keyboard('{Escape}');
    expect(underneath).not.toHaveBeenCalled();
    document.removeEventListener('keydown', underneath);
  });

  it('keeps Tab inside and gives the focus back to what opened it', async () => {
    render(
      <>
        <Opener />
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const keep = screen.getByRole('button', { name: 'Keep' });
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(keep).toHaveFocus();
    await userEvent.tab();
    expect(del).toHaveFocus();
    await userEvent.tab();
    expect(keep).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(del).toHaveFocus();
    await userEvent.click(keep);
    expect(opener).toHaveFocus();
  });

  it('asks queued questions one at a time, in order', async () => {
    render(<DialogHost />);
    let a: Promise<boolean> | undefined;
    let b: Promise<boolean> | undefined;
    act(() => {
      a = confirmAction({ message: 'A?' });
      b = confirmAction({ message: 'B?' });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(a).resolves.toBe(true);
    screen.getByRole('alertdialog', { name: 'B?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(b).resolves.toBe(false);
  });
});

describe('promptText() in the dialog host', () => {
  it('asks in a dialog whose labelled field starts focused; OK resolves the text as typed', async () => {
    render(<DialogHost />);
    let answer: Promise<string | null> | undefined;
    act(() => {
      answer = promptText({ message: 'Enter the user ID:' });
    });
    screen.getByRole('dialog', { name: 'Enter the user ID:' });
    const field = screen.getByRole('textbox', { name: 'Enter the user ID:' });
    expect(field).toHaveFocus();
    await userEvent.type(field, ' 42 {Enter}');
    await expect(answer).resolves.toBe(' 42 ');
    expect(window.prompt).not.toHaveBeenCalled();
  });

  it('Cancel and Escape resolve null', async () => {
    render(<DialogHost />);
    let first: Promise<string | null> | undefined;
    act(() => {
      first = promptText({ message: 'Name?', initialValue: 'sky' });
    });
    expect(screen.getByRole('textbox', { name: 'Name?' })).toHaveValue('sky');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBeNull();
    let second: Promise<string | null> | undefined;
    act(() => {
      second = promptText({ message: 'Again?' });
    });
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBeNull();
  });
});

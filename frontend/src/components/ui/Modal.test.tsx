import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

describe('Modal', () => {
  it('without a footer has a visible Close button in its header, while the focus starts on the content', async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Post by @sky" onClose={onClose}>
        <a href="/profile/sky">sky</a>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Post by @sky' });
    expect(screen.getByRole('link', { name: 'sky' })).toHaveFocus();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(dialog).toContainElement(close);
    await userEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a footer leaves closing to the footer (one Close, not two)', () => {
    render(
      <Modal title="Followers" onClose={vi.fn()} footer="close">
        <p>List</p>
      </Modal>,
    );
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });
});

import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
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

describe('Modal opened after its code loads', () => {
  it('hears an Escape pressed the moment it appears, before React runs its passive effects', async () => {
    // Outside act(), as in a browser: React commits the dialog, then runs passive effects later.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const onClose = vi.fn();
    const Lazy = lazy(async () => ({ default: () => <Modal title="New post" onClose={onClose}>Text</Modal> }));
    const host = document.createElement('div');
    document.body.append(host);
    // A mutation observer's callback runs as a microtask right after the commit: the first moment a
    // key could reach the page once the dialog is in the document.
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"]')) return;
        observer.disconnect();
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const root = createRoot(host);
    root.render(
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>,
    );
    await pressed;
    expect(onClose).toHaveBeenCalledTimes(1);
    root.unmount();
    host.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { PWA_MESSAGES as M } from '@cloud9/contracts';
import { UpdateBanner } from './UpdateBanner';

describe('the new version banner', () => {
  it('offers the new version as a polite status, and reloads only when the member asks, once', async () => {
    const reload = vi.fn();
    const user = userEvent.setup();
    render(<UpdateBanner onReload={reload} />);
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(M.updateReady);
    expect(reload).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: M.reload });
    await user.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

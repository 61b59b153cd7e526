import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, toast } from '../notify';
import { useToastStore } from '../../stores/toast';
import { ToastRegion } from './ToastRegion';

describe('ToastRegion', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('shows an alert as role="alert" text alone, once, outside the polite region', () => {
    render(<ToastRegion />);
    act(() => notify('Passwords do not match.', 'error'));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent(/^Passwords do not match\.$/);
    expect(within(screen.getByRole('status')).queryByText('Passwords do not match.')).not.toBeInTheDocument();
  });

  it('puts quiet messages in the always-present status region, not as alerts', () => {
    render(<ToastRegion />);
    const status = screen.getByRole('status');
    act(() => toast('Post deleted.', 'success'));
    expect(within(status).getByText('Post deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the three newest and lets each be dismissed', async () => {
    render(<ToastRegion />);
    act(() => ['one', 'two', 'three', 'four'].forEach((m) => notify(m)));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['two', 'three', 'four']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss message' })[0]);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['three', 'four']);
  });
});

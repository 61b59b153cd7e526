import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullDate } from '../../lib/relativeTime';
import { PostTime } from './PostTime';

describe('PostTime', () => {
  it('shows the short age with the exact time in dateTime, and the full date as a tooltip once hovered', () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString();
    render(<PostTime iso={iso} />);
    const time = screen.getByText('5m');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time).not.toHaveAttribute('title');
    fireEvent.pointerEnter(time);
    expect(time).toHaveAttribute('title', fullDate(iso));
  });
});

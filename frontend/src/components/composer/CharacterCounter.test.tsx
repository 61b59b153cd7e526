import { render, screen } from '@testing-library/react';
import { CharacterCounter } from './CharacterCounter';

const counter = () => screen.getByTestId('char-counter');

describe('CharacterCounter', () => {
  it('shows limit minus length, tone normal, and no remaining line above 30', () => {
    render(<CharacterCounter text={'a'.repeat(269)} limit={300} />);
    expect(counter()).toHaveAttribute('data-tone', 'normal');
    expect(counter()).toHaveAttribute('aria-live', 'polite');
    expect(counter()).toHaveTextContent('31');
    expect(screen.queryByText(/characters remaining/)).not.toBeInTheDocument();
  });

  it("at 30 remaining shows '30 characters remaining' as a warning", () => {
    render(<CharacterCounter text={'a'.repeat(270)} limit={300} />);
    expect(screen.getByText('30 characters remaining')).toBeInTheDocument();
    expect(counter()).toHaveAttribute('data-tone', 'warning');
  });

  it('turns danger at 10 remaining, not at 11', () => {
    const { rerender } = render(<CharacterCounter text={'a'.repeat(289)} limit={300} />);
    expect(counter()).toHaveAttribute('data-tone', 'warning');
    rerender(<CharacterCounter text={'a'.repeat(290)} limit={300} />);
    expect(counter()).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByText('10 characters remaining')).toBeInTheDocument();
  });

  it('counts an emoji as one character', () => {
    render(<CharacterCounter text={'😀'.repeat(280)} limit={300} />);
    expect(screen.getByText('20 characters remaining')).toBeInTheDocument();
  });
});

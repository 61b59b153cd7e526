import { render, screen } from '@testing-library/react';
import { Footer } from './Footer';

describe('Footer', () => {
  it('reads exactly the product footer', () => {
    render(<Footer />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/^© 2025 Cloud 9 Social · Social V1\.01 All rights reserved\.$/);
  });
});

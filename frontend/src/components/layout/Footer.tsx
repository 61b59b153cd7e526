import { PRODUCT } from '@cloud9/contracts';

export function Footer() {
  return (
    <footer className="app-footer">
      <p>{PRODUCT.footer}</p>
    </footer>
  );
}

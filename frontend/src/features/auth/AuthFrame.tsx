import type { ReactNode } from 'react';
import { PRODUCT } from '@cloud9/contracts';

/** The signed-out pages' frame: the page's main region (its layout class) over the product's footer. */
export function AuthFrame({ layout, children }: { layout: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className={layout} id="main-content">
        {children}
      </main>
      <footer className="auth-footer">
        <p>{PRODUCT.footer}</p>
      </footer>
    </div>
  );
}

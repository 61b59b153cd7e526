import { useEffect } from 'react';
import { PRODUCT } from '@cloud9/contracts';

/** The browser tab's title for `page`: "Home · Cloud 9 Social". */
export const documentTitle = (page: string) => `${page} · ${PRODUCT.name}`;

/** Names the browser tab (and what screen readers announce on arrival) after the current page. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}

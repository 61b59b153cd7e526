import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import type { ReportDialogProps } from './ReportDialog';

/** The report dialog loads on first use: no feed or profile ships it. */
export const LazyReportDialog = lazyWithTimeout<ReportDialogProps>(() => import('./ReportDialog').then((m) => m.ReportDialog));

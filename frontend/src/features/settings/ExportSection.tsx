import { MESSAGES } from '@cloud9/contracts';
import { dataExportUrl } from '../../api/accountData';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { Spinner } from '../../components/ui/Spinner';
import { useDataExports, useRequestExport } from './queries';

const T = MESSAGES.accountData;

/** Ask for a ZIP of the account's data (once per 7 days), see it being built, download it. */
export function ExportSection() {
  const exports = useDataExports();
  const request = useRequestExport();

  if (exports.isPending) return <Spinner />;
  if (exports.isError) return <p role="alert">{T.exportsLoadFailed}</p>;
  const latest = exports.data?.items[0];
  const nextAllowedAt = exports.data?.nextAllowedAt ?? new Date(0).toISOString();
  const mayAsk = Date.parse(nextAllowedAt) <= Date.now();
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => notify(T.exportRequested),
      onError: (error) => notify(errorMessage(error, T.exportFailed), 'error'),
    });

  return (
    <>
      <p className="hint">{T.exportIntro}</p>
      <div role="status" className="settings-export-status">
        {latest?.status === 'pending' && <p>{T.exportPending}</p>}
        {latest?.status === 'ready' && <p>{T.exportReady(latest.expiresAt)}</p>}
        {latest?.status === 'failed' && <p>{T.exportFailed}</p>}
        {!mayAsk && latest?.status !== 'pending' && <p>{T.exportTooSoon(nextAllowedAt)}</p>}
      </div>
      <div className="settings-actions">
        {latest?.status === 'ready' && (
          <a className="btn btn-primary" href={dataExportUrl(latest.id)} download>
            {T.downloadExport}
          </a>
        )}
        {mayAsk && (
          <button type="button" className="btn btn-ghost" onClick={ask} disabled={request.isPending}>
            {T.requestExport}
          </button>
        )}
      </div>
    </>
  );
}

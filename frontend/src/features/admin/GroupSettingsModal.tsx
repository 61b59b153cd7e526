import { useCallback, useEffect, useState } from 'react';
import type { GroupPlan } from '@cloud9/contracts';
import { EmptyState } from '../../components/ui/EmptyState';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { fetchGroups } from './adminApi';
import { isAbortError } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { boostsCell, editCell, feeCell, mediaCell, priorityCell } from './planCells';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; groups: GroupPlan[] };

/** Spec §2 'manage group settings': a modal table of every tier's limits, as the server stores them. */
export function GroupSettingsModal({ onClose }: { onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchGroups(controller.signal)
      .then((groups) => setLoad({ status: 'ready', groups: [...(groups ?? [])].sort((a, b) => a.id - b.id) }))
      .catch((err: unknown) => {
        if (isAbortError(err)) return;
        console.error(ADMIN_TEXT.groupsFailed, err);
        setLoad({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  let body;
  if (load.status === 'loading') body = <Spinner label="Loading groups..." />;
  else if (load.status === 'error') {
    body = (
      <EmptyState message={ADMIN_TEXT.groupsFailed}>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try again
        </button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Limits of every group</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Fee / month</th>
              <th scope="col">Post chars</th>
              <th scope="col">Media size</th>
              <th scope="col">Edit window</th>
              <th scope="col">Boosts / month</th>
              <th scope="col">Priority</th>
            </tr>
          </thead>
          <tbody>
            {load.groups.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">
                  <span className="admin-group-id">{plan.id}</span> {plan.name}
                </th>
                <td>{feeCell(plan)}</td>
                <td>{plan.postLimit}</td>
                <td>{mediaCell(plan.mediaLimit)}</td>
                <td>{editCell(plan.editTimeout)}</td>
                <td>{boostsCell(plan.monthlyBoosts)}</td>
                <td>{priorityCell(plan.priorityBoost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Modal
      title="Group settings"
      onClose={onClose}
      size="lg"
      className="admin-modal"
      footer="close"
    >
      {body}
    </Modal>
  );
}

import { EmptyState } from '../../components/ui/EmptyState';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { usePlans } from '../../queries/plans';
import { ADMIN_TEXT } from './adminText';
import { boostsCell, editCell, feeCell, mediaCell, priorityCell } from './planCells';

/** 'Manage group settings': a modal table of every tier's limits, as the server stores them. */
export function GroupSettingsModal({ onClose }: { onClose: () => void }) {
  const { data, isPending, isError, isFetching, refetch } = usePlans(ADMIN_TEXT.groupsFailed);

  let body;
  if (isError && !isFetching) {
    body = (
      <EmptyState message={ADMIN_TEXT.groupsFailed}>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  } else if (isPending || isError) body = <Spinner label="Loading groups..." />;
  else {
    body = (
      <div className="admin-table-wrap" role="region" aria-label="Limits of every group" tabIndex={0}>
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
            {[...(data ?? [])].sort((a, b) => a.id - b.id).map((plan) => (
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

import { BOOST_TEXT, MESSAGES, type BoostRotateResult } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { rotateBoostQueue } from './adminApi';
import { isNetworkError } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { FactList } from './FactList';
import { rotationFacts } from './resultFacts';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

interface Rotation {
  message: string;
  expired?: number;
  activated?: number;
}

/** The endpoint's answer, or a polled job's bare result ({expired, activated}); null if it is neither. */
function readRotation(body: unknown): Rotation | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Partial<Extract<BoostRotateResult, { success: true }>>;
  const counts = typeof b.expired === 'number' && typeof b.activated === 'number' ? { expired: b.expired, activated: b.activated } : {};
  if (b.success === true && typeof b.message === 'string') return { message: b.message, ...counts };
  if ('expired' in counts) return { message: BOOST_TEXT.rotated, ...counts };
  return null;
}

/** Confirms, runs one boost rotation now and alerts the server's message. */
export function BoostQueueTool() {
  const tool = useAdminTool();

  const start = async () => {
    if (tool.job.running) return;
    if (!(await confirmAction({ message: ADMIN_TEXT.boostQueueConfirm, confirmLabel: 'Process now' }))) return;
    try {
      const body = await tool.run('Processing the boost queue...', rotateBoostQueue);
      const rotation = readRotation(body);
      if (!rotation) {
        tool.fail(body, MESSAGES.admin.unexpectedResponse);
        return;
      }
      const counts = rotation.expired !== undefined ? <FactList facts={rotationFacts(rotation.expired, rotation.activated ?? 0)} /> : undefined;
      tool.alert({ tone: 'success', message: rotation.message, details: counts });
    } catch (err) {
      tool.fail(err, isNetworkError(err) ? MESSAGES.admin.boostQueueNetwork : MESSAGES.admin.boostQueueFailed);
    }
  };

  return (
    <ToolCard
      title="Process the boost queue"
      description="End expired boosts and approve waiting requests now, instead of at the next scheduled run."
      tool={tool}
      actions={
        <button type="button" className="btn btn-primary" aria-disabled={tool.job.running} onClick={start}>
          Process boost queue
        </button>
      }
    />
  );
}

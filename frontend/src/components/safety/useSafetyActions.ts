import { useQueryClient } from '@tanstack/react-query';
import { SAFETY_UI_MESSAGES, type Post } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { blockUser, markNotInterested, muteUser, sendReport, unblockUser, unmarkNotInterested, unmuteUser, warnOnReport } from '../../api/safety';
import { afterHideChange, hidePosts, type HideKind } from '../../queries/safety';
import { confirmAction } from '../confirm';
import { notify, toast } from '../notify';
import { promptText } from '../prompt';
import { toastWithAction } from './toastWithAction';

/** The account a menu acts on. */
export interface SafetyTarget {
  id: number;
  username: string;
}

const failed = (err: unknown, what: string) => {
  console.error(what, err);
  notify(errorMessage(err, SAFETY_UI_MESSAGES.actionFailed), 'error');
};

/**
 * What the post and profile menus do to hide something. Each change shows at once in every cached
 * list (and goes back if the server refuses); a toast says what happened with an Undo.
 */
export function useSafetyActions() {
  const queryClient = useQueryClient();

  const notInterested = async (post: Post) => {
    const restore = hidePosts(queryClient, (p) => p.id === post.id);
    try {
      await markNotInterested(post.id);
    } catch (err) {
      restore();
      failed(err, 'Not interested failed');
      return;
    }
    toastWithAction(SAFETY_UI_MESSAGES.notInterested, {
      label: SAFETY_UI_MESSAGES.undo,
      onSelect: () => {
        unmarkNotInterested(post.id)
          .then(() => {
            restore();
            toast(SAFETY_UI_MESSAGES.interestedAgain);
          })
          .catch((err: unknown) => failed(err, 'Undo of Not interested failed'));
      },
    });
  };

  const send = { mute: muteUser, block: blockUser };
  const takeBack = { mute: unmuteUser, block: unblockUser };
  const said = {
    mute: { confirm: SAFETY_UI_MESSAGES.confirmMute, label: 'Mute', done: SAFETY_UI_MESSAGES.muted, undone: SAFETY_UI_MESSAGES.unmuted },
    block: { confirm: SAFETY_UI_MESSAGES.confirmBlock, label: 'Block', done: SAFETY_UI_MESSAGES.blocked, undone: SAFETY_UI_MESSAGES.unblocked },
  };

  /** Mute or block after the member confirms; their posts leave every list at once. Resolves whether it was done. */
  const hide = async (kind: HideKind, target: SafetyTarget): Promise<boolean> => {
    const words = said[kind];
    if (!(await confirmAction({ message: words.confirm(target.username), confirmLabel: words.label }))) return false;
    const restore = hidePosts(queryClient, (p) => p.user_id === target.id);
    try {
      await send[kind](target.id);
    } catch (err) {
      restore();
      failed(err, `${words.label} failed`);
      return false;
    }
    afterHideChange(queryClient, target.id, kind, true);
    toastWithAction(words.done(target.username), {
      label: SAFETY_UI_MESSAGES.undo,
      onSelect: () => {
        takeBack[kind](target.id)
          .then(() => {
            restore();
            afterHideChange(queryClient, target.id, kind, false);
            toast(words.undone(target.username));
          })
          .catch((err: unknown) => failed(err, `Undo of ${words.label} failed`));
      },
    });
    return true;
  };

  /** Unmute or unblock: the lists read again to bring the posts back. Resolves whether it was done. */
  const unhide = async (kind: HideKind, target: SafetyTarget): Promise<boolean> => {
    try {
      await takeBack[kind](target.id);
    } catch (err) {
      failed(err, `Un${kind} failed`);
      return false;
    }
    afterHideChange(queryClient, target.id, kind, false);
    toast(said[kind].undone(target.username));
    return true;
  };

  /**
   * Staff: asks for the warning's text, files it as a report on the post (reason 'other', the text
   * as its comment) and acts on that report with 'warn', so the warning has its place in the queue
   * and the audit log like every other action.
   */
  const warn = async (post: Post) => {
    const answer = await promptText({ message: SAFETY_UI_MESSAGES.warnPrompt(post.username), confirmLabel: 'Send warning' });
    if (answer === null) return;
    const text = answer.trim();
    if (!text) {
      notify(SAFETY_UI_MESSAGES.warnTextRequired, 'error');
      return;
    }
    try {
      const report = await sendReport({ targetType: 'post', targetId: post.id, reason: 'other', comment: text });
      await warnOnReport(report.id, text);
      toast(SAFETY_UI_MESSAGES.warned(post.username), 'success');
    } catch (err) {
      failed(err, 'Warn failed');
    }
  };

  return {
    notInterested,
    hide,
    unhide,
    mute: (target: SafetyTarget) => hide('mute', target),
    block: (target: SafetyTarget) => hide('block', target),
    unmute: (target: SafetyTarget) => unhide('mute', target),
    unblock: (target: SafetyTarget) => unhide('block', target),
    warn,
  };
}

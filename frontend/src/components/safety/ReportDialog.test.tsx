import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, MODERATION_MESSAGES, REPORT_RULES, SAFETY_UI_MESSAGES } from '@cloud9/contracts';
import { ReportDialog, type ReportTarget } from './ReportDialog';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost } from '../../test/posts';

const POST_TARGET: ReportTarget = { type: 'post', post: makePost({ id: 31, username: 'other', content: 'Buy followers now' }) };
const USER_TARGET: ReportTarget = { type: 'user', user: { id: 8, username: 'other' } };

function open(target: ReportTarget) {
  const onClose = vi.fn();
  renderAt(<ReportDialog target={target} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: target.type === 'post' ? SAFETY_UI_MESSAGES.reportPostTitle : SAFETY_UI_MESSAGES.reportUserTitle('other') }) };
}

const reportBodies = (calls: { url: string; init: RequestInit }[]) => calls.filter((c) => c.url.endsWith('/api/reports')).map((c) => JSON.parse(String(c.init.body)) as unknown);

describe('ReportDialog', () => {
  beforeEach(() => setSession(testUser()));

  it('shows the post, the four reasons as a radio group and a labelled comment with its count; the focus starts inside', () => {
    stubFetch(() => jsonResponse({ id: 1 }, 201));
    const { dialog } = open(POST_TARGET);
    expect(within(dialog).getByTestId('report-post')).toHaveTextContent('Buy followers now');
    const group = within(dialog).getByRole('group', { name: SAFETY_UI_MESSAGES.reasonLegend });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Spam', 'Harassment or bullying', 'Something illegal', 'Something else']);
    expect(within(dialog).getByLabelText(SAFETY_UI_MESSAGES.commentLabel)).toHaveAccessibleDescription(SAFETY_UI_MESSAGES.commentCounterLabel(0));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it('needs a reason, then sends the report with the trimmed comment and thanks calmly', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 5 }, 201));
    const user = userEvent.setup();
    const { dialog } = open(POST_TARGET);
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SAFETY_UI_MESSAGES.reasonRequired);
    expect(reportBodies(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.type(within(dialog).getByLabelText(SAFETY_UI_MESSAGES.commentLabel), '  Same link in 40 posts  ');
    expect(within(dialog).getByText(SAFETY_UI_MESSAGES.commentCounter(25))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(SAFETY_UI_MESSAGES.reportThanks);
    expect(reportBodies(calls)).toEqual([{ targetType: 'post', targetId: 31, reason: 'spam', comment: 'Same link in 40 posts' }]);
  });

  it('reports an account without a comment field when none was written', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 6 }, 201));
    const user = userEvent.setup();
    const { dialog, onClose } = open(USER_TARGET);
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    await within(dialog).findByText(SAFETY_UI_MESSAGES.reportThanks);
    expect(reportBodies(calls)).toEqual([{ targetType: 'user', targetId: 8, reason: 'harassment' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('counts the comment in characters (code points) and refuses one over 1,000 without sending', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 7 }, 201));
    const user = userEvent.setup();
    const { dialog } = open(USER_TARGET);
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    const field = within(dialog).getByLabelText(SAFETY_UI_MESSAGES.commentLabel);
    await user.click(field);
    await user.paste('☁️'.repeat(10));
    // '☁️' is two code points (the cloud and its emoji style), four UTF-16 units.
    expect(field).toHaveAccessibleDescription(SAFETY_UI_MESSAGES.commentCounterLabel(20));
    await user.paste('x'.repeat(REPORT_RULES.commentMax - 19));
    expect(within(dialog).getByText(SAFETY_UI_MESSAGES.commentCounter(REPORT_RULES.commentMax + 1))).toHaveClass('report-count-over');
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.commentTooLong);
    expect(reportBodies(calls)).toHaveLength(0);
  });

  it('a second report of the same thing (409) ends in a calm message, not an error', async () => {
    stubFetch(() => jsonResponse({ success: false, error: MODERATION_MESSAGES.alreadyReported, statusCode: 409 }, 409));
    const user = userEvent.setup();
    const first = open(POST_TARGET);
    await user.click(within(first.dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(first.dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    expect(await within(first.dialog).findByRole('status')).toHaveTextContent(MODERATION_MESSAGES.alreadyReported);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('too many reports (429) says to wait, calmly', async () => {
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.rateLimit.reports, statusCode: 429 }, 429));
    const user = userEvent.setup();
    const { dialog } = open(USER_TARGET);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(MESSAGES.rateLimit.reports);
  });

  it('keeps the form with a message when the server cannot be reached, and Escape closes', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { dialog, onClose } = open(POST_TARGET);
    await user.click(within(dialog).getByRole('radio', { name: 'Something illegal' }));
    await user.click(within(dialog).getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(SAFETY_UI_MESSAGES.reportFailed));
    expect(within(dialog).getByRole('radio', { name: 'Something illegal' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

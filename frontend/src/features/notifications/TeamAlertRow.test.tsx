import { screen } from '@testing-library/react';
import { MESSAGES } from '@cloud9/contracts';
import { makeAlert, makeGroup } from '../../test/notifications';
import { renderAt, setSession, testUser } from '../../test/utils';
import { AlertGroupRow } from './AlertGroupRow';
import { AlertRow } from './AlertRow';

const warningText = 'Please keep it civil.\nName-calling is not allowed here.';

describe('alerts from the Cloud 9 team', () => {
  beforeEach(() => setSession(testUser()));

  it('shows a warning group with its heading and whole text, unread, naming no person and linking nowhere', () => {
    renderAt(<AlertGroupRow group={makeGroup({ key: 'warning:9', type: 'warning', text: warningText, actors: [], count: 0, post: undefined, unread: true })} />);
    expect(screen.getByText(MESSAGES.teamAlerts.warning)).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.className === 'team-alert-text' && el.textContent === warningText)).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES.alertGroups.unread}:`, { exact: false })).toHaveClass('visually-hidden');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the answer to a report, in the grouped and the plain list', () => {
    const { unmount } = renderAt(<AlertGroupRow group={makeGroup({ key: 'report-handled:3', type: 'report-handled', text: MESSAGES.alerts.reportHandled, actors: [], count: 0, post: undefined })} />);
    expect(screen.getByText(MESSAGES.teamAlerts['report-handled'])).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.alerts.reportHandled)).toBeInTheDocument();
    unmount();
    renderAt(<AlertRow alert={makeAlert({ type: 'report-handled', message: MESSAGES.alerts.reportHandled, actor_name: null, actor_username: null, post_id: null })} />);
    expect(screen.getByText(MESSAGES.alerts.reportHandled)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

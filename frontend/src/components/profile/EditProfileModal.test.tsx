import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { EditProfileModal } from './EditProfileModal';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';

describe('EditProfileModal', () => {
  const user0 = testUser();
  beforeEach(() => setSession(user0));

  it('is a labelled modal dialog, pre-filled from the current user; Escape closes it', async () => {
    stubFetch(() => jsonResponse({}));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Skyler Blue');
    expect(screen.getByLabelText('Email')).toHaveValue('skyler@example.com');
    expect(screen.getByLabelText('Bio')).toHaveValue('Head in the clouds.');
    expect(screen.getByLabelText('Birthdate')).toHaveValue('1990-04-01');
    expect(screen.getByLabelText('Location')).toHaveValue('Denver');
    expect(screen.getByLabelText('Website')).toHaveValue('https://skyler.example.com');
    expect(screen.getByLabelText('Profile picture')).toHaveAttribute('accept', 'image/*');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('a password mismatch alerts and sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse(user0));
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpassword2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alertTexts()).toContain(MESSAGES.auth.passwordsDoNotMatch);
    expect(calls).toHaveLength(0);
  });

  it('asks for the current password only once a new password is typed', async () => {
    stubFetch(() => jsonResponse(user0));
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={vi.fn()} />);
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'n');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('autocomplete', 'current-password');
    await user.clear(screen.getByLabelText('New Password'));
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('a new password without the current one alerts and sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse(user0));
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpassword1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alertTexts()).toContain(MESSAGES.auth.currentPasswordRequired);
    expect(calls).toHaveLength(0);
  });

  it('sends the current password with the new one', async () => {
    const calls = stubFetch(() => jsonResponse(user0));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Current Password'), 'oldpassword1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls[0].init.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ password: 'newpassword1', confirmPassword: 'newpassword1', currentPassword: 'oldpassword1' });
  });

  it('shows the server message when the current password is wrong (403) and stays open', async () => {
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.auth.currentPasswordWrong, statusCode: 403 }, 403));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Current Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.currentPasswordWrong));
    expect(onClose).not.toHaveBeenCalled();
    expect(useSessionStore.getState().currentUser).toEqual(user0);
  });

  it('sends only the changed fields, stores the returned user and toasts without an alert', async () => {
    const updated = { ...user0, bio: 'Above the clouds.', location: 'Boulder' };
    const calls = stubFetch(() => jsonResponse(updated));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Above the clouds.');
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Boulder');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0].url).toBe('/api/users/skyler');
    expect(calls[0].init.method).toBe('PUT');
    const body = calls[0].init.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ bio: 'Above the clouds.', location: 'Boulder' });
    expect(useSessionStore.getState().currentUser).toEqual(updated);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.profile.updated);
    expect(alertTexts()).toEqual([]);
  });

  it('alerts the server error and stays open on failure', async () => {
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.auth.emailTaken, statusCode: 409 }, 409));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.emailTaken));
    expect(onClose).not.toHaveBeenCalled();
    expect(useSessionStore.getState().currentUser).toEqual(user0);
  });

  it('a response without an id alerts that it was badly formatted', async () => {
    stubFetch(() => jsonResponse({ success: true }));
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.profile.badlyFormatted));
    expect(useSessionStore.getState().currentUser).toEqual(user0);
  });
});

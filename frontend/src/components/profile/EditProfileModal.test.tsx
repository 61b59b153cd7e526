import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { EditProfileModal } from './EditProfileModal';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

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
    expect(window.alert).toHaveBeenCalledWith(MESSAGES.auth.passwordsDoNotMatch);
    expect(calls).toHaveLength(0);
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
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('alerts the server error and stays open on failure', async () => {
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.auth.emailTaken, statusCode: 409 }, 409));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGES.auth.emailTaken));
    expect(onClose).not.toHaveBeenCalled();
    expect(useSessionStore.getState().currentUser).toEqual(user0);
  });

  it('a response without an id alerts that it was badly formatted', async () => {
    stubFetch(() => jsonResponse({ success: true }));
    const user = userEvent.setup();
    renderAt(<EditProfileModal user={user0} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGES.profile.badlyFormatted));
    expect(useSessionStore.getState().currentUser).toEqual(user0);
  });
});

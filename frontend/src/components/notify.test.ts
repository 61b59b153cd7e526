import { notify, toast } from './notify';
import { useToastStore } from '../stores/toast';

describe('notify', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('shows a toast AND calls window.alert for alerts', () => {
    notify('You have been logged out.');
    expect(window.alert).toHaveBeenCalledWith('You have been logged out.');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['You have been logged out.']);
  });

  it('toast() is on-page only', () => {
    toast('Profile updated.', 'success');
    expect(window.alert).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts[0]).toMatchObject({ message: 'Profile updated.', tone: 'success' });
  });
});

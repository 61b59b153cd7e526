import { notify, toast } from './notify';
import { useToastStore } from '../stores/toast';

describe('notify', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('puts alerts on the in-app alert surface and never calls window.alert', () => {
    notify('You have been logged out.');
    expect(window.alert).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ message: 'You have been logged out.', kind: 'alert' })]);
  });

  it('toast() is a quiet status message', () => {
    toast('Profile updated.', 'success');
    expect(window.alert).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts[0]).toMatchObject({ message: 'Profile updated.', tone: 'success', kind: 'status' });
  });
});

import { useId, useMemo, useState, type FormEvent } from 'react';
import { MESSAGES, type CurrentUser } from '@cloud9/contracts';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import { avatarUrl, bannerUrl } from '../../api/images';
import { useUpdateProfile } from '../../queries/profiles';
import { notify, toast } from '../notify';
import { FileChooser } from '../ui/FileChooser';
import { Modal } from '../ui/Modal';
import { profileSaveError } from './profileSaveError';
import { buildProfileFormData, initialProfileValues, isEmptyForm, type ProfileFormValues } from './editProfileForm';
import './EditProfileModal.css';

export interface EditProfileModalProps {
  user: CurrentUser;
  onClose: () => void;
}

interface TextInput {
  field: keyof ProfileFormValues;
  label: string;
  type: string;
  autoComplete?: string;
}

const TEXT_INPUTS: TextInput[] = [
  { field: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'birthdate', label: 'Birthdate', type: 'date', autoComplete: 'bday' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { field: 'location', label: 'Location', type: 'text', autoComplete: 'address-level2' },
  { field: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
];

const NEW_PASSWORD_INPUTS: TextInput[] = [
  { field: 'password', label: 'New Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm New Password', type: 'password', autoComplete: 'new-password' },
];
/** Asked for only once a new password is typed: the server needs it to change the password. */
const CURRENT_PASSWORD_INPUT: TextInput = { field: 'currentPassword', label: 'Current Password', type: 'password', autoComplete: 'current-password' };

export function EditProfileModal({ user, onClose }: EditProfileModalProps) {
  const save = useUpdateProfile();
  const initial = useMemo(() => initialProfileValues(user), [user]);
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [background, setBackground] = useState<File | null>(null);
  const thumbPreview = useObjectUrl(thumbnail);
  const bannerPreview = useObjectUrl(background);
  const idPrefix = useId();

  const set = (field: keyof ProfileFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.password !== values.confirmPassword) {
      notify(MESSAGES.auth.passwordsDoNotMatch, 'error');
      return;
    }
    if (values.password && !values.currentPassword) {
      notify(MESSAGES.auth.currentPasswordRequired, 'error');
      return;
    }
    const form = buildProfileFormData(initial, values, { thumbnail, background });
    if (isEmptyForm(form)) {
      onClose();
      return;
    }
    try {
      // Saved, the user becomes the session's and the profiles on screen load again.
      const updated = await save.mutateAsync({ username: user.username, form });
      if (!updated) {
        notify(MESSAGES.profile.badlyFormatted);
        return;
      }
      toast(MESSAGES.profile.updated, 'success');
      onClose();
    } catch (err) {
      notify(profileSaveError(err), 'error');
    }
  };

  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const textInput = ({ field, label, type, autoComplete }: TextInput) => (
    <div className="field" key={field}>
      <label htmlFor={fieldId(field)}>{label}</label>
      <input id={fieldId(field)} type={type} autoComplete={autoComplete} value={values[field]} onChange={(e) => set(field)(e.target.value)} />
    </div>
  );
  const formId = `${idPrefix}-form`;

  return (
    <Modal
      title="Edit Profile"
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="edit-profile-form" onSubmit={handleSubmit} noValidate>
        <div className="edit-profile-images">
          <img className="edit-profile-banner" src={bannerPreview ?? bannerUrl(user.background)} alt="Banner preview" />
          <img className="edit-profile-avatar" src={thumbPreview ?? avatarUrl(user.thumbnail)} alt="Profile picture preview" />
        </div>
        <div className="edit-profile-files">
          {/* Previewed above, in place: the banner and the picture as the profile will show them. */}
          <FileChooser label="Profile picture" accept="image/*" file={thumbnail} onChange={setThumbnail} />
          <FileChooser label="Banner image" accept="image/*" file={background} onChange={setBackground} />
        </div>
        <div className="edit-profile-grid">
          {TEXT_INPUTS.slice(0, 2).map(textInput)}
        </div>
        <div className="field">
          <label htmlFor={fieldId('bio')}>Bio</label>
          <textarea id={fieldId('bio')} value={values.bio} onChange={(e) => set('bio')(e.target.value)} />
        </div>
        <div className="edit-profile-grid">
          {TEXT_INPUTS.slice(2).map(textInput)}
          {NEW_PASSWORD_INPUTS.map(textInput)}
          {values.password && textInput(CURRENT_PASSWORD_INPUT)}
        </div>
      </form>
    </Modal>
  );
}

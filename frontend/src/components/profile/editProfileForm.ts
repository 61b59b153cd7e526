import type { CurrentUser } from '@cloud9/contracts';

/** Text fields of the edit form, in the order they are shown. */
const PROFILE_TEXT_FIELDS = ['name', 'email', 'bio', 'birthdate', 'phone', 'location', 'website'] as const;
type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

export type ProfileFormValues = Record<ProfileTextField, string> & { password: string; confirmPassword: string; currentPassword: string };

/** Dates may arrive as full ISO timestamps; the date input wants YYYY-MM-DD. */
const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : '');

export function initialProfileValues(user: CurrentUser): ProfileFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    bio: user.bio ?? '',
    birthdate: toDateInput(user.birthdate),
    phone: user.phone ?? '',
    location: user.location ?? '',
    website: user.website ?? '',
    password: '',
    confirmPassword: '',
    currentPassword: '',
  };
}

/** Fields that must never be sent empty: the server would reject a blank email or date. */
const NEVER_BLANK: readonly ProfileTextField[] = ['email', 'birthdate'];

/**
 * Builds the multipart body: only fields that changed (a cleared bio/name/etc. is sent as ''
 * so it can be removed), a new password only when given (with the current one, which the server
 * requires), and the chosen files.
 */
export function buildProfileFormData(
  initial: ProfileFormValues,
  values: ProfileFormValues,
  files: { thumbnail: File | null; background: File | null },
): FormData {
  const form = new FormData();
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === initial[field].trim()) continue;
    if (value === '' && NEVER_BLANK.includes(field)) continue;
    form.append(field, value);
  }
  if (values.password) {
    form.append('password', values.password);
    form.append('confirmPassword', values.confirmPassword);
    form.append('currentPassword', values.currentPassword);
  }
  if (files.thumbnail) form.append('thumbnail', files.thumbnail);
  if (files.background) form.append('background', files.background);
  return form;
}

export const isEmptyForm = (form: FormData) => form.keys().next().done === true;

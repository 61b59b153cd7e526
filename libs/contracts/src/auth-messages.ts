/**
 * The catalogue's sign-in, registration and access messages (MESSAGES.auth). A module of its own so the
 * sign-in page's first load carries these, not the whole catalogue.
 */
export const AUTH_MESSAGES = {
  loggedOut: 'You have been logged out.',
  loginErrorPrefix: 'Login error: ',
  loginFailed: 'Login failed.',
  registrationFailed: 'Registration failed.',
  registrationErrorPrefix: 'Registration error: ',
  registered: 'Registration successful! Please log in.',
  passwordsDoNotMatch: 'Passwords do not match.',
  allFieldsRequired: 'Username, email, password and confirmation are all required.',
  invalidCredentials: 'Invalid username or password.',
  notSignedIn: 'Please log in.',
  sessionExpired: 'Your session has ended. Please log in again.',
  tooManyLogins: 'Too many failed login attempts. Please wait a few minutes and try again.',
  tooManyLoginsFromAddress: 'Too many failed login attempts from this address. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many sign-up attempts from this address. Please try again later.',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  tooManyPasswordChanges: 'Too many password changes. Please try again later.',
  usernameRequired: 'Username is required.',
  usernameInvalid: 'Username must be 3–30 characters: letters, digits or underscore.',
  usernameTaken: 'That username is already taken.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'An account with that email already exists.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  forgotPassword: 'Forgot password?',
} as const;

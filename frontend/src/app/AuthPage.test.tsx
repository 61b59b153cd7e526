import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@cloud9/contracts';
import { AppRoutes } from './router';
import { useSessionStore } from '../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall, alertTexts } from '../test/utils';

const CONFIG = { supportEmail: 'help@cloud9.test', donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: false };

let calls: FetchCall[];
let routes: Record<string, () => Response | Promise<Response>>;

beforeEach(() => {
  setSession(null);
  routes = { 'GET /api/config': () => jsonResponse(CONFIG) };
  calls = stubFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    return routes[key]?.() ?? jsonResponse({ success: false, error: 'Not found.', statusCode: 404 }, 404);
  });
});

const serverCalls = (key: string) => calls.filter((c) => `${c.init.method ?? 'GET'} ${c.url}` === key);

async function openRegister() {
  const user = userEvent.setup();
  renderAt(<AppRoutes />, '/login');
  await user.click(screen.getByRole('tab', { name: 'Register' }));
  return user;
}

/** The login form, filled in as skyler and sent. */
async function logIn(password: string) {
  const user = userEvent.setup();
  renderAt(<AppRoutes />, '/login');
  await user.type(screen.getByLabelText('Username'), 'skyler');
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

/** Group 6's plan, as GET /api/group/6 answers it. */
const SILVER = { id: 6, name: 'Silver', description: '', subscriptionFee: 4.99, postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true, monthlyBoosts: 1, paypalPlanId: null, isAvailable: true };

async function fillRegister(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
}

describe('Login / Register page', () => {
  it('toggles between Login (Username, Password) and Register (all four fields), each with its own title', async () => {
    const user = userEvent.setup();
    renderAt(<AppRoutes />, '/login');
    expect(document.title).toBe('Log in · Cloud 9 Social');
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    // The sign-up form's code comes after the page's first load (or when this tab is chosen).
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { exact: true })).toBeInTheDocument();
    }
    expect(document.title).toBe('Register · Cloud 9 Social');
  });

  it('"Forgot password?" opens the reset flow in the app; mailing support (from /api/config) stays as the second link', async () => {
    const user = userEvent.setup();
    renderAt(<AppRoutes />, '/login');
    const support = screen.getByRole('link', { name: MESSAGES.accountMail.askSupport });
    await waitFor(() => expect(support).toHaveAttribute('href', 'mailto:help@cloud9.test?subject=Password%20reset'));
    await user.click(screen.getByRole('link', { name: MESSAGES.accountMail.forgotLink }));
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.accountMail.forgotTitle })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('register: requires all four fields, without calling the server', async () => {
    const user = await openRegister();
    await fillRegister(user, { Username: 'newbie', Email: 'n@example.com', Password: 'longpassword' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(alertTexts()).toContain(MESSAGES.auth.allFieldsRequired);
    expect(serverCalls('POST /api/users')).toHaveLength(0);
  });

  it('register: a password mismatch alerts and never reaches the server', async () => {
    const user = await openRegister();
    await fillRegister(user, { Username: 'newbie', Email: 'n@example.com', Password: 'longpassword', 'Confirm Password': 'different1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Once, on the alert surface (no native alert, no second copy in the status region).
    expect(alertTexts()).toEqual([MESSAGES.auth.passwordsDoNotMatch]);
    expect(screen.getByRole('status')).not.toHaveTextContent(MESSAGES.auth.passwordsDoNotMatch);
    expect(window.alert).not.toHaveBeenCalled();
    expect(serverCalls('POST /api/users')).toHaveLength(0);
  });

  it('register: success alerts, returns to Login and clears every field', async () => {
    routes['POST /api/users'] = () => jsonResponse({ success: true, user: testUser({ username: 'newbie' }) }, 201);
    const user = await openRegister();
    await fillRegister(user, { Username: 'newbie', Email: 'n@example.com', Password: 'longpassword', 'Confirm Password': 'longpassword' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.registered));
    expect(JSON.parse(serverCalls('POST /api/users')[0].init.body as string)).toEqual({
      username: 'newbie',
      email: 'n@example.com',
      password: 'longpassword',
      confirmPassword: 'longpassword',
    });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('');

    // Going back to Register shows empty fields too.
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { exact: true })).toHaveValue('');
    }
  });

  it('register: shows the server error with the registration prefix', async () => {
    routes['POST /api/users'] = () => jsonResponse({ success: false, error: 'That username is already taken.', statusCode: 409 }, 409);
    const user = await openRegister();
    await fillRegister(user, { Username: 'taken', Email: 't@example.com', Password: 'longpassword', 'Confirm Password': 'longpassword' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.registrationErrorPrefix + 'That username is already taken.'));
  });

  it('login: failure alerts "Login error: " plus the server message and stays signed out', async () => {
    routes['POST /api/login'] = () => jsonResponse({ success: false, error: 'Invalid username or password.', statusCode: 401 }, 401);
    await logIn('wrongpassword');
    await waitFor(() => expect(alertTexts()).toContain('Login error: Invalid username or password.'));
    expect(useSessionStore.getState().currentUser).toBeNull();
  });

  it('login: success stores the user and group limits, then shows Home', async () => {
    const me = testUser({ group_id: 6 });
    routes['POST /api/login'] = () => jsonResponse(me);
    routes['GET /api/group/6'] = () => jsonResponse(SILVER);
    await logIn('rightpassword');

    // The shell and Home load lazily: their first transform alone can take over a second on a busy machine.
    expect(await screen.findByText(MESSAGES.empty.noPosts, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(me);
    expect(JSON.parse(localStorage.getItem('groupLimits') ?? 'null')).toEqual({ postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true });
  });
  it('login: a link followed while the group limits are still being read is not undone when they arrive', async () => {
    const me = testUser({ group_id: 6 });
    routes['POST /api/login'] = () => jsonResponse(me);
    let answerLimits = (_: Response) => undefined as void;
    const limits = new Promise<Response>((resolve) => (answerLimits = resolve));
    routes['GET /api/group/6'] = () => limits;
    const user = await logIn('rightpassword');
    expect(await screen.findByText(MESSAGES.empty.noPosts, undefined, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Notifications' })[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/));
    answerLimits(jsonResponse(SILVER));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('groupLimits') ?? 'null')).toMatchObject({ postLimit: 500 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/);
  });

  it('login with two-factor on: the password step asks for a code (no session yet); a wrong code shows its message, the right one signs in', async () => {
    const me = testUser({ group_id: 5 });
    routes['POST /api/login'] = () => jsonResponse({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    let attempts = 0;
    routes['POST /api/login/2fa'] = () =>
      ++attempts === 1 ? jsonResponse({ success: false, error: TWO_FACTOR_MESSAGES.wrongCode, statusCode: 401 }, 401) : jsonResponse(me);
    routes['GET /api/group/5'] = () =>
      jsonResponse({ id: 5, name: 'Basic', description: '', subscriptionFee: 0, postLimit: 50, mediaLimit: 1024, editTimeout: null, priorityBoost: false, monthlyBoosts: 0, paypalPlanId: null, isAvailable: true });
    const user = await logIn('rightpassword');

    const codeField = await screen.findByLabelText(TWO_FACTOR_MESSAGES.codeLabel);
    expect(useSessionStore.getState().currentUser).toBeNull();
    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(useSessionStore.getState().currentUser).toBeNull();

    // The recovery code instead: its own field; the server gets exactly one of the two.
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }));
    await user.type(screen.getByLabelText(TWO_FACTOR_MESSAGES.recoveryCodeLabel), 'abcde-23456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(await screen.findByText(MESSAGES.empty.noPosts, undefined, { timeout: 5000 })).toBeInTheDocument();
    const sent = serverCalls('POST /api/login/2fa').map((c) => JSON.parse(String(c.init.body)));
    expect(sent).toEqual([{ code: '000000' }, { recoveryCode: 'abcde-23456' }]);
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(me);
  });

  it('login with two-factor on: an expired second step goes back to the password with its message', async () => {
    routes['POST /api/login'] = () => jsonResponse({ twoFactorRequired: true, methods: ['totp'] });
    routes['POST /api/login/2fa'] = () => jsonResponse({ success: false, error: TWO_FACTOR_MESSAGES.stepExpired, statusCode: 401 }, 401);
    const user = await logIn('rightpassword');
    expect(screen.queryByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode })).toBeNull();
    await user.type(await screen.findByLabelText(TWO_FACTOR_MESSAGES.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    await waitFor(() => expect(alertTexts()).toContain(TWO_FACTOR_MESSAGES.stepExpired));
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});

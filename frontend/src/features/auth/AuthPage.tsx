import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MAIL_PATHS, ACCOUNT_MAIL_SIGN_IN } from '@cloud9/contracts';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePublicConfig } from '../../queries/config';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { mailto } from '../../lib/support';
import { AuthFrame } from './AuthFrame';
import { AuthHero } from './AuthHero';
import { LoginForm } from './LoginForm';
import { PasskeySignIn } from './PasskeySignIn';
import './auth.css';

// Most visitors sign in: the sign-up form's code is no part of the page's load. It comes when the
// visitor reaches for the tabs (a pointer over them, a touch, the keyboard's focus), or when its tab
// is chosen.
const loadRegisterForm = () => import('./RegisterForm').then((m) => m.RegisterForm);
const preloadRegisterForm = () => void loadRegisterForm().catch(() => undefined);
const RegisterForm = lazyWithTimeout<{ onRegistered: () => void }>(loadRegisterForm);

type Mode = 'login' | 'register';
const MODES: readonly TabItem<Mode>[] = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const { supportEmail } = usePublicConfig();
  useDocumentTitle(mode === 'login' ? 'Log in' : 'Register');
  return (
    <AuthFrame layout="auth-layout">
      <AuthHero />
      <section className="auth-card">
        <Tabs
          label="Account"
          items={MODES}
          selected={mode}
          onSelect={setMode}
          panelClassName="auth-panel"
          header={(tabList) => (
            <div onPointerEnter={preloadRegisterForm} onTouchStart={preloadRegisterForm} onFocus={preloadRegisterForm}>
              {tabList}
            </div>
          )}
        >
          <h2 className="auth-panel-title">{mode === 'login' ? 'Welcome back' : 'Join the sky'}</h2>
          {mode === 'login' ? (
            <>
              <LoginForm />
              <PasskeySignIn />
            </>
          ) : (
            <Suspense fallback={<p className="auth-form-loading" aria-busy="true" />}>
              <RegisterForm onRegistered={() => setMode('login')} />
            </Suspense>
          )}
          <p className="auth-forgot">
            <Link to={ACCOUNT_MAIL_PATHS.forgotPassword}>{ACCOUNT_MAIL_SIGN_IN.forgotLink}</Link>
            <span aria-hidden="true"> · </span>
            <a href={mailto(supportEmail, 'Password reset')}>{ACCOUNT_MAIL_SIGN_IN.askSupport}</a>
          </p>
        </Tabs>
      </section>
    </AuthFrame>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { MESSAGES, PRODUCT } from '@cloud9/contracts';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { mailto } from '../../lib/support';
import { AuthHero } from './AuthHero';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import './auth.css';

type Mode = 'login' | 'register';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'login', label: 'Login' },
  { mode: 'register', label: 'Register' },
];

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const { supportEmail } = usePublicConfig();
  const id = useId();

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Mode = mode === 'login' ? 'register' : 'login';
    setMode(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <div className="auth-page">
      <main className="auth-layout" id="main-content">
        <AuthHero />
        <section className="auth-card">
          <div className="tabs" role="tablist" aria-label="Account">
            {MODES.map(({ mode: m, label }) => (
              <button
                key={m}
                id={`${id}-tab-${m}`}
                type="button"
                role="tab"
                className="tab"
                aria-selected={mode === m}
                aria-controls={`${id}-panel`}
                tabIndex={mode === m ? 0 : -1}
                onClick={() => setMode(m)}
                onKeyDown={onTabKey}
              >
                {label}
              </button>
            ))}
          </div>
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`} className="auth-panel">
            <h2 className="auth-panel-title">{mode === 'login' ? 'Welcome back' : 'Join the sky'}</h2>
            {mode === 'login' ? <LoginForm /> : <RegisterForm onRegistered={() => setMode('login')} />}
            <p className="auth-forgot">
              <a href={mailto(supportEmail, 'Password reset')}>{MESSAGES.auth.forgotPassword}</a>
            </p>
          </div>
        </section>
      </main>
      <footer className="auth-footer">
        <p>{PRODUCT.footer}</p>
      </footer>
    </div>
  );
}

import { useState } from 'react';
import { AUTH_MESSAGES, PRODUCT } from '@cloud9/contracts';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePublicConfig } from '../../queries/config';
import { mailto } from '../../lib/support';
import { AuthHero } from './AuthHero';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import './auth.css';

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
    <div className="auth-page">
      <main className="auth-layout" id="main-content">
        <AuthHero />
        <section className="auth-card">
          <Tabs label="Account" items={MODES} selected={mode} onSelect={setMode} panelClassName="auth-panel">
            <h2 className="auth-panel-title">{mode === 'login' ? 'Welcome back' : 'Join the sky'}</h2>
            {mode === 'login' ? <LoginForm /> : <RegisterForm onRegistered={() => setMode('login')} />}
            <p className="auth-forgot">
              <a href={mailto(supportEmail, 'Password reset')}>{AUTH_MESSAGES.forgotPassword}</a>
            </p>
          </Tabs>
        </section>
      </main>
      <footer className="auth-footer">
        <p>{PRODUCT.footer}</p>
      </footer>
    </div>
  );
}

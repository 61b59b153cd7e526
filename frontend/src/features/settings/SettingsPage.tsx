import { memo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { DM_MESSAGES, MESSAGES, PASSKEY_MESSAGES, PUSH_UI_MESSAGES, SAFETY_UI_MESSAGES, TWO_FACTOR_MESSAGES } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { LazyEditProfileModal } from '../../components/profile/LazyEditProfileModal';
import { EmptyState } from '../../components/ui/EmptyState';
import { SearchBox } from '../../components/ui/SearchBox';
import { useDrawnCount } from '../../hooks/useDrawnCount';
import { usePublicConfig } from '../../queries/config';
import { PAYPAL_MANAGE_URL, mailto } from '../../lib/support';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { AppearanceSettings } from './AppearanceSettings';
import { EmailSettings, PasswordResetLinks } from './EmailSettings';
import { DeleteAccountForm } from './DeleteAccountForm';
import { DmSettingsForm } from './DmSettingsForm';
import { EmojiSettingsForm } from './EmojiSettingsForm';
import { ExportSection } from './ExportSection';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { PasskeysSettings } from './PasskeysSettings';
import { DevicePushSection } from './DevicePushSection';
import { HiddenAccountsList, MutedWordsForm } from './SafetySettings';
import { SessionsSection } from './SessionsSection';
import { SubscriptionDetails } from './SubscriptionDetails';
import { TwoFactorSection } from './TwoFactorSection';
import './settings.css';

/**
 * The first block comes with the page; the others follow one per deferred render right after
 * (useDrawnCount), each a short task of its own: on a phone's CPU, drawing even three at once, or
 * all the rest in one commit, made tasks long enough to hold up a tap. Their data was read early
 * (the screen's first reads), so each draws once, with it.
 */
const FIRST_DRAWN = 1;
const DRAWN_PER_STEP = 1;

interface Block {
  id: string;
  title: string;
  keywords: string;
  /** The block's content: a component that reads what it needs itself, so the page's renders (search, drawing) pass it by. */
  Body: ComponentType;
}

const matches = (block: Block, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || `${block.title} ${block.keywords}`.toLowerCase().includes(q);
};

function ProfileBody() {
  const currentUser = useSessionStore(selectCurrentUser);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <p className="hint">Change your name, bio, pictures and contact details.</p>
      <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setEditing(true)}>
        Update profile
      </button>
      {editing && currentUser && <LazyEditProfileModal user={currentUser} onClose={() => setEditing(false)} />}
    </>
  );
}

function EmailBody() {
  const currentUser = useSessionStore(selectCurrentUser);
  return currentUser ? <EmailSettings user={currentUser} /> : null;
}

function PasswordBody() {
  const { supportEmail } = usePublicConfig();
  return <PasswordResetLinks supportHref={mailto(supportEmail, 'Password reset')} />;
}

function SubscriptionBody() {
  const currentUser = useSessionStore(selectCurrentUser);
  const { supportEmail } = usePublicConfig();
  return (
    <>
      {currentUser ? <SubscriptionDetails userId={currentUser.id} /> : <p className="settings-subscription">{MESSAGES.payment.noSubscription}</p>}
      <div className="settings-actions">
        <a className="btn btn-ghost" href={mailto(supportEmail, 'Subscription')}>
          Email support about billing
        </a>
        <a className="btn btn-ghost" href={PAYPAL_MANAGE_URL} target="_blank" rel="noopener noreferrer">
          Manage on PayPal
        </a>
      </div>
    </>
  );
}

function NotificationsBody() {
  const currentUser = useSessionStore(selectCurrentUser);
  return currentUser ? <NotificationSettingsForm userId={currentUser.id} /> : null;
}

function MutedAccountsBody() {
  return (
    <>
      <p className="hint">{SAFETY_UI_MESSAGES.mutedAccountsHint}</p>
      <HiddenAccountsList kind="mute" />
    </>
  );
}

function BlockedAccountsBody() {
  return (
    <>
      <p className="hint">{SAFETY_UI_MESSAGES.blockedAccountsHint}</p>
      <HiddenAccountsList kind="block" />
    </>
  );
}

function MutedWordsBody() {
  return (
    <>
      <p className="hint">{SAFETY_UI_MESSAGES.mutedWordsHint}</p>
      <MutedWordsForm />
    </>
  );
}

function DeleteBody() {
  const navigate = useNavigate();
  const currentUser = useSessionStore(selectCurrentUser);
  const clearSession = useSessionStore((s) => s.clearSession);
  const onDeleted = () => {
    clearSession();
    notify(MESSAGES.profile.accountDeleted);
    void navigate('/login', { replace: true });
  };
  return currentUser ? <DeleteAccountForm userId={currentUser.id} onDeleted={onDeleted} /> : null;
}

const BLOCKS: readonly Block[] = [
  { id: 'profile', title: 'Update profile', keywords: 'edit name email bio birthdate phone location website picture banner avatar', Body: ProfileBody },
  { id: 'appearance', title: MESSAGES.theme.title, keywords: 'appearance theme dark light mode night system colours colors display', Body: AppearanceSettings },
  { id: 'email', title: 'Email address', keywords: 'email address verify verification change mail', Body: EmailBody },
  { id: 'password', title: 'Password reset', keywords: 'password forgot reset login security', Body: PasswordBody },
  {
    id: 'passkeys',
    title: PASSKEY_MESSAGES.title,
    keywords: 'passkey passkeys webauthn fingerprint face security key sign in login two-factor security',
    Body: PasskeysSettings,
  },
  { id: 'two-factor', title: TWO_FACTOR_MESSAGES.title, keywords: 'two-factor 2fa authenticator app totp code security login recovery codes', Body: TwoFactorSection },
  {
    id: 'subscription',
    title: 'Cloud 9 subscription',
    keywords: 'subscription plan billing paypal premium silver gold platinum diamond payment',
    Body: SubscriptionBody,
  },
  {
    id: 'notifications',
    title: MESSAGES.notificationSettings.title,
    keywords: 'notifications alerts likes replies reposts follows mentions switch off on',
    Body: NotificationsBody,
  },
  { id: 'device-push', title: PUSH_UI_MESSAGES.title, keywords: 'notifications push device phone browser permission test alerts on off', Body: DevicePushSection },
  {
    id: 'direct-messages',
    title: DM_MESSAGES.settingsTitle,
    keywords: 'direct messages dm chat conversations requests who can message read receipts seen push text privacy',
    Body: DmSettingsForm,
  },
  { id: 'muted', title: SAFETY_UI_MESSAGES.mutedAccountsTitle, keywords: 'mute muted unmute accounts people users hide privacy safety', Body: MutedAccountsBody },
  { id: 'blocked', title: SAFETY_UI_MESSAGES.blockedAccountsTitle, keywords: 'block blocked unblock accounts people users privacy safety', Body: BlockedAccountsBody },
  { id: 'muted-words', title: SAFETY_UI_MESSAGES.mutedWordsTitle, keywords: 'mute muted words phrases filter hide keywords safety', Body: MutedWordsBody },
  { id: 'emoji', title: 'Emoji', keywords: 'emoji style native apple twitter google facebook suggestions suggested recent frequent picker', Body: EmojiSettingsForm },
  { id: 'sessions', title: MESSAGES.accountData.sessionsTitle, keywords: 'sessions devices signed in logged in sign out log out everywhere security', Body: SessionsSection },
  { id: 'export', title: MESSAGES.accountData.exportTitle, keywords: 'export download data archive zip takeout copy privacy', Body: ExportSection },
  { id: 'delete', title: 'Delete account', keywords: 'delete remove close account danger', Body: DeleteBody },
];

/** One block: its props never change, so the page's later renders (search, drawing the rest) pass it by. */
const SettingsBlock = memo(function SettingsBlock({ block: { id, title, Body } }: { block: Block }) {
  return (
    <section className={`card settings-block settings-block-${id}`} aria-labelledby={`settings-${id}`}>
      <h2 id={`settings-${id}`} className="settings-block-title">
        {title}
      </h2>
      <Body />
    </section>
  );
});

export function SettingsPage() {
  const [query, setQuery] = useState('');
  const visible = BLOCKS.filter((b) => matches(b, query));
  const drawn = useDrawnCount(visible.length, FIRST_DRAWN, DRAWN_PER_STEP);

  return (
    <section aria-labelledby="settings-title">
      <div className="page-header">
        <h1 id="settings-title">Settings</h1>
        <SearchBox label="Search settings" placeholder="Search settings..." value={query} onChange={setQuery} />
      </div>
      <div className="page-body settings-blocks">
        {visible.length === 0 ? (
          <EmptyState message={MESSAGES.empty.noResults} />
        ) : (
          visible.slice(0, drawn).map((block) => <SettingsBlock key={block.id} block={block} />)
        )}
      </div>
    </section>
  );
}

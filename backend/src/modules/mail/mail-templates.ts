import { ACCOUNT_MAIL_PATHS, PRODUCT } from '@cloud9/contracts';
import type { MailJobData } from '../../jobs/job-map';

/** A mail as it goes out: its subject, and the same words as plain text and as HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What one template says: paragraphs, and at most one button (its link is also written out in full). */
interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Below the button: why the reader got it, what to do if it was not them. */
  after: string[];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The product's look (the app's sky theme, frontend design tokens), inline: mail clients ignore style sheets. */
const COLORS = { sky: '#1d6fd1', skyDark: '#0b3d7a', page: '#f4faff', text: '#10243f', muted: '#44556d', border: '#d3e2f2', onSky: '#ffffff' };

/** Every mail's words, per template. `publicUrl` is PUBLIC_URL (no trailing slash). */
function contentOf(mail: MailJobData, publicUrl: string): MailContent {
  const greeting = `Hi ${mail.username},`;
  const notYou = 'If this was not you, you can ignore this email.';
  switch (mail.template) {
    case 'verify-email':
      return {
        subject: mail.change ? `Confirm your new email address for ${PRODUCT.name}` : `Welcome to ${PRODUCT.name}: please verify your email`,
        greeting,
        paragraphs: mail.change
          ? [`You asked to use ${mail.to} for your ${PRODUCT.name} account. Confirm it with the button below; until then we keep using your current address.`]
          : [`Thanks for joining ${PRODUCT.name}! Please confirm that ${mail.to} is your email address.`],
        action: { label: 'Verify my email', url: mail.link },
        after: ['The link works for 24 hours, once.', notYou],
      };
    case 'email-change-notice':
      return {
        subject: `Your ${PRODUCT.name} email address is being changed`,
        greeting,
        paragraphs: [
          `Someone signed in to your account asked to change its email address to ${mail.newEmail}. The change takes effect when the link we sent to that address is followed.`,
        ],
        after: [`If this was not you, change your password now and contact support: ${publicUrl}${ACCOUNT_MAIL_PATHS.forgotPassword}`],
      };
    case 'reset-password':
      return {
        subject: `Reset your ${PRODUCT.name} password`,
        greeting,
        paragraphs: ['We received a request to reset the password of your account. Choose a new one with the button below.'],
        action: { label: 'Choose a new password', url: mail.link },
        after: ['The link works for one hour, once; asking again voids it.', 'If you did not ask for it, ignore this email: your password stays as it is.'],
      };
    case 'password-changed':
      return {
        subject: `Your ${PRODUCT.name} password was changed`,
        greeting,
        paragraphs: ['The password of your account was just changed, and every device signed in to it was signed out.'],
        action: { label: `Log in to ${PRODUCT.name}`, url: `${publicUrl}/login` },
        after: [`If this was not you, reset your password at once: ${publicUrl}${ACCOUNT_MAIL_PATHS.forgotPassword}`],
      };
    case 'new-sign-in':
      return {
        subject: `New sign-in to your ${PRODUCT.name} account`,
        greeting,
        paragraphs: [`Your account was just signed in to from a device it has not used before: ${mail.device}${mail.place ? `, network ${mail.place}` : ''}, at ${utc(mail.at)}.`],
        action: { label: 'See where you are signed in', url: `${publicUrl}/settings` },
        after: [`If this was you, there is nothing to do. If not, sign that device out in Settings and change your password: ${publicUrl}${ACCOUNT_MAIL_PATHS.forgotPassword}`],
      };
    case 'export-ready':
      return {
        subject: `Your ${PRODUCT.name} data is ready to download`,
        greeting,
        paragraphs: ['The copy of your data you asked for is ready: your posts, replies, likes, bookmarks, follows, settings and the files you uploaded, in one ZIP file.'],
        action: { label: 'Download my data', url: `${publicUrl}/settings` },
        after: [`You can download it while signed in until ${utc(mail.expiresAt)}; after that it is deleted.`, 'If you did not ask for it, change your password: someone may be signed in to your account.'],
      };
    case 'account-deleted':
      return {
        subject: `Your ${PRODUCT.name} account was deleted`,
        greeting,
        paragraphs: [`Your ${PRODUCT.name} account and everything you posted were deleted, as you asked. This cannot be undone.`],
        after: [`Thank you for having been part of ${PRODUCT.name}. You are welcome back any time: ${publicUrl}`],
      };
  }
}

/** A time as mail readers anywhere read it: the date and minute in UTC. */
const utc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** One layout for every mail: the header band, the words, the button, the footer with the product's address. */
export function renderMail(mail: MailJobData, publicUrl: string): RenderedMail {
  const c = contentOf(mail, publicUrl);
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...c.after.flatMap((p) => [p, '']),
    '--',
    `${PRODUCT.name} · ${publicUrl}`,
  ].join('\n');
  const p = (words: string, color = COLORS.text) => `<p style="margin:0 0 16px;color:${color};font-size:16px;line-height:1.5">${escapeHtml(words)}</p>`;
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:${COLORS.sky};color:${COLORS.onSky};text-decoration:none;font-weight:600;padding:12px 24px;border-radius:14px">${escapeHtml(c.action.label)}</a></p>` +
      p('Or open this link:', COLORS.muted) +
      `<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(c.action.url)}" style="color:${COLORS.skyDark}">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:22px;overflow:hidden">
<tr><td style="background:linear-gradient(180deg,#1d6fd1 0%,#4aa3ec 100%);background-color:${COLORS.sky};padding:20px 28px;color:${COLORS.onSky};font-size:22px;font-weight:700">☁ ${escapeHtml(PRODUCT.name)}</td></tr>
<tr><td style="padding:28px">
${p(c.greeting)}
${c.paragraphs.map((x) => p(x)).join('\n')}
${button}
${c.after.map((x) => p(x, COLORS.muted)).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${COLORS.border};color:${COLORS.muted};font-size:13px">${escapeHtml(PRODUCT.footer)} · <a href="${escapeHtml(publicUrl)}" style="color:${COLORS.skyDark}">${escapeHtml(publicUrl)}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}

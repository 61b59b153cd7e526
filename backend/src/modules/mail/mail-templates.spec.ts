import { PRODUCT } from '@cloud9/contracts';
import type { MailJobData } from '../../jobs/job-map';
import { renderMail } from './mail-templates';

const PUBLIC_URL = 'https://cloud9.example';

describe('mail templates', () => {
  const mails: MailJobData[] = [
    { template: 'verify-email', to: 'ann@example.com', username: 'ann', link: `${PUBLIC_URL}/verify-email?token=abc`, change: false },
    { template: 'verify-email', to: 'new@example.com', username: 'ann', link: `${PUBLIC_URL}/verify-email?token=def`, change: true },
    { template: 'email-change-notice', to: 'ann@example.com', username: 'ann', newEmail: 'new@example.com' },
    { template: 'reset-password', to: 'ann@example.com', username: 'ann', link: `${PUBLIC_URL}/reset-password?token=ghi` },
    { template: 'password-changed', to: 'ann@example.com', username: 'ann' },
    { template: 'new-sign-in', to: 'ann@example.com', username: 'ann', device: 'Chrome on Android', place: '203.0.113.0/24', at: '2026-11-29T01:02:03.000Z' },
    { template: 'export-ready', to: 'ann@example.com', username: 'ann', expiresAt: '2026-12-06T01:02:03.000Z' },
    { template: 'account-deleted', to: 'ann@example.com', username: 'ann' },
  ];

  it.each(mails)('$template: one layout, a subject, the same words as text and HTML, links to PUBLIC_URL', (mail) => {
    const out = renderMail(mail, PUBLIC_URL);
    expect(out.subject).toContain(PRODUCT.name);
    expect(out.text).toContain('Hi ann,');
    expect(out.html).toContain('Hi ann,');
    expect(out.html).toContain(PRODUCT.footer);
    expect(out.text).toContain(PUBLIC_URL);
    expect(out.html).toContain(`href="${PUBLIC_URL}`);
    if ('link' in mail) {
      expect(out.text).toContain(mail.link);
      expect(out.html).toContain(`href="${mail.link}"`);
    }
  });

  it('escapes what a member wrote into the HTML', () => {
    const out = renderMail({ template: 'password-changed', to: 'x@example.com', username: '<b>x</b>&"' }, PUBLIC_URL);
    expect(out.html).toContain('Hi &lt;b&gt;x&lt;/b&gt;&amp;&quot;,');
    expect(out.html).not.toContain('<b>x</b>');
  });
});

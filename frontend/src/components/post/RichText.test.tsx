import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseRichText, truncateForDisplay } from '@cloud9/contracts';
import { renderAt } from '../../test/utils';
import { cutSegments } from './richTextCut';
import { PostText } from './PostText';
import { RichText } from './RichText';

const renderText = (text: string, mentions?: string[]) =>
  renderAt(
    <p data-testid="text">
      <RichText segments={parseRichText(text)} mentions={mentions} />
    </p>,
  );

describe('RichText', () => {
  it('renders a web link with its shortened text, the whole address, nofollow/ugc and a new tab', () => {
    const href = 'https://www.example.com/a/very/long/path/that/goes/on/and/on?x=1';
    renderText(`See ${href}.`);
    const link = screen.getByRole('link', { name: /^example\.com/ });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('title', href);
    expect(link).toHaveAttribute('rel', 'nofollow noopener ugc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.textContent).toBe('example.com/a/very/long/path/th…');
    expect(screen.getByTestId('text').textContent).toBe('See example.com/a/very/long/path/th….');
  });

  it('links a mention to the profile only when the server listed the account (any case), under its own spelling', () => {
    renderText('Hi @bob and @Ghost and @ALICE', ['Bob', 'alice']);
    expect(screen.getByRole('link', { name: '@bob' })).toHaveAttribute('href', '/profile/Bob');
    expect(screen.getByRole('link', { name: '@ALICE' })).toHaveAttribute('href', '/profile/alice');
    expect(screen.queryByRole('link', { name: '@Ghost' })).not.toBeInTheDocument();
    expect(screen.getByTestId('text').textContent).toBe('Hi @bob and @Ghost and @ALICE');
  });

  it('keeps every mention plain without a mentions list (notices), but still links tags and addresses', () => {
    renderText('@bob says #News at http://example.org');
    expect(screen.queryByRole('link', { name: '@bob' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#News' })).toHaveAttribute('href', '/tag/news');
    expect(screen.getByRole('link', { name: 'example.org' })).toHaveAttribute('href', 'http://example.org');
  });

  it('links a tag to its lower-case feed, encoded', () => {
    renderText('#Café time');
    expect(screen.getByRole('link', { name: '#Café' })).toHaveAttribute('href', `/tag/${encodeURIComponent('café')}`);
  });

  it('never makes a link of another scheme, and renders HTML as text', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      '&lt;b&gt;bold&lt;/b&gt;',
    ];
    const text = hostile.join(' ');
    renderText(text);
    expect(screen.queryAllByRole('link')).toEqual([]);
    const box = screen.getByTestId('text');
    expect(box.textContent).toBe(text);
    expect(box.querySelector('img, script, a, b')).toBeNull();
  });

  it('ends an address at a quote or angle bracket, so no attribute can be smuggled in', () => {
    renderText('https://example.com/"onmouseover="alert(1) and https://example.com/<script>');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/', 'https://example.com/']);
    for (const a of links) expect(a.getAttributeNames().sort()).toEqual(['class', 'href', 'rel', 'target', 'title']);
  });

  it('a click on a link inside a clickable card reaches the link only', async () => {
    const onCard = vi.fn();
    const user = userEvent.setup();
    renderAt(
      <div onClick={onCard}>
        <RichText segments={parseRichText('go #news or @bob or https://example.com')} mentions={['bob']} />
      </div>,
    );
    const external = screen.getByRole('link', { name: 'example.com' });
    external.addEventListener('click', (e) => e.preventDefault()); // jsdom would not open a tab anyway
    await user.click(external);
    await user.click(screen.getByRole('link', { name: '@bob' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/bob');
    expect(onCard).not.toHaveBeenCalled();
  });
});

describe('cutting rich text for Show more', () => {
  it('cuts plain text exactly like truncateForDisplay', () => {
    for (const [text, max] of [
      ['a'.repeat(310), 300],
      ['word '.repeat(70), 300],
      ['😀'.repeat(12), 10],
      ['short', 300],
    ] as const) {
      const cut = cutSegments(parseRichText(text), max);
      const expected = truncateForDisplay(text, max);
      expect({ text: cut.segments.map((s) => s.text).join(''), truncated: cut.truncated }).toEqual(expected);
    }
  });

  it('never cuts inside a link, mention or tag: one that starts within the limit is shown whole', () => {
    const href = 'https://example.com/a/b/c';
    const cut = cutSegments(parseRichText(`${'x'.repeat(8)} ${href} and more`), 12);
    expect(cut.truncated).toBe(true);
    expect(cut.segments).toEqual([
      { kind: 'text', text: 'xxxxxxxx ' },
      { kind: 'link', text: 'example.com/a/b/c', href },
      { kind: 'text', text: '…' },
    ]);
    // Ends with a whole tag: nothing left out.
    expect(cutSegments(parseRichText('abc #longertag'), 6)).toEqual({ segments: parseRichText('abc #longertag'), truncated: false });
    // A cut just before a token leaves it out.
    expect(cutSegments(parseRichText('abcdef @someone'), 6).segments).toEqual([
      { kind: 'text', text: 'abcdef' },
      { kind: 'text', text: '…' },
    ]);
  });

  it('PostText keeps the link whole behind Show more and shows all of it once expanded', async () => {
    const href = 'https://example.com/page';
    const content = `${'y'.repeat(195)} ${href} tail words #end`;
    const user = userEvent.setup();
    renderAt(<PostText content={content} max={200} mode="inline" />);
    expect(screen.getByRole('link', { name: 'example.com/page' })).toHaveAttribute('href', href);
    expect(screen.queryByRole('link', { name: '#end' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByRole('link', { name: '#end' })).toHaveAttribute('href', '/tag/end');
    expect(within(screen.getByText(/tail words/)).getByRole('link', { name: 'example.com/page' })).toBeInTheDocument();
  });
});

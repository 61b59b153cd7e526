import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSuggestion } from '@cloud9/contracts';
import { GlobalComposerHost } from './GlobalComposerHost';
import { insertMention, mentionAt } from './mentionQuery';
import { MentionTextarea } from './MentionTextarea';
import { useComposerStore } from '../../stores/composer';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };
const people: UserSuggestion[] = [
  { id: 1, username: 'bob', name: 'Bob Cloud', thumbnail: null },
  { id: 2, username: 'bobby_tables', name: null, thumbnail: null },
  { id: 3, username: 'Boba', name: 'Boba Fett', thumbnail: null },
];

/** Answers suggestions for any prefix with the accounts whose name starts with it; records the prefixes asked. */
function stubSuggestions() {
  const asked: string[] = [];
  stubFetch((url) => {
    const parsed = new URL(url, 'http://x');
    if (parsed.pathname !== '/api/users/suggest') return jsonResponse(plan);
    const prefix = parsed.searchParams.get('prefix') ?? '';
    asked.push(prefix);
    return jsonResponse({ items: people.filter((p) => p.username.toLowerCase().startsWith(prefix.toLowerCase())) });
  });
  return asked;
}

function Field() {
  const [value, setValue] = useState('');
  return <MentionTextarea aria-label="Write" value={value} onValueChange={setValue} />;
}

const combobox = () => screen.getByRole('combobox', { name: 'Mention an account' });
const box = () => screen.getByRole('textbox', { name: 'Write' });
const options = () => within(screen.getByRole('listbox', { name: 'Suggested accounts' })).getAllByRole('option');
const activeOption = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '');

describe('the @ autocomplete', () => {
  beforeEach(() => setSession(testUser()));

  it('finds the name being typed at the caret, only where a mention can start', () => {
    expect(mentionAt('hi @bo', 6)).toEqual({ start: 3, end: 6, prefix: 'bo' });
    expect(mentionAt('hi @bob there', 5)).toEqual({ start: 3, end: 7, prefix: 'b' });
    expect(mentionAt('@b', 2)).toEqual({ start: 0, end: 2, prefix: 'b' });
    expect(mentionAt('hi @', 4)).toBeNull();
    expect(mentionAt('mail me@bob', 11)).toBeNull();
    expect(mentionAt('hi @bob ', 8)).toBeNull();
    expect(mentionAt(`@${'a'.repeat(31)}`, 32)).toBeNull();
    expect(insertMention('hi @bo and', { start: 3, end: 6, prefix: 'bo' }, 'bobby')).toEqual({ text: 'hi @bobby and', caret: 10 });
    expect(insertMention('hi @bo', { start: 3, end: 6, prefix: 'bo' }, 'bobby')).toEqual({ text: 'hi @bobby ', caret: 10 });
  });

  it('lists the suggestions once the typing rests, as a combobox: ArrowDown/ArrowUp move, Enter picks, inserting "@username "', async () => {
    const asked = stubSuggestions();
    const user = userEvent.setup();
    renderAt(<Field />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'Hello @bo');
    await waitFor(() => expect(combobox()).toHaveAttribute('aria-expanded', 'true'));
    expect(asked.at(-1)).toBe('bo');
    expect(options().map((o) => o.textContent)).toEqual(['Bob Cloud@bob', '@bobby_tables', 'Boba Fett@Boba']);
    expect(combobox()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(activeOption()).toBe(options()[0]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options()[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(options()[0]); // wraps round
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(options()[2]);
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('Hello @Boba ');
    expect(box()).toHaveFocus();
    expect((box() as HTMLTextAreaElement).selectionStart).toBe('Hello @Boba '.length);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    // Typing goes on after the inserted space.
    await user.keyboard('hi');
    expect(box()).toHaveValue('Hello @Boba hi');
  });

  it('Tab picks too, replacing the whole name the caret is in', async () => {
    stubSuggestions();
    const user = userEvent.setup();
    renderAt(<Field />);
    await user.type(box(), '@bobxyz!');
    // Caret back to just after "@bob".
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box()).toHaveValue('@bobby_tables !');
    expect(box()).toHaveFocus();
  });

  it('picking the name already written out in full moves the caret past it, and typing goes on there', async () => {
    stubSuggestions();
    const user = userEvent.setup();
    renderAt(<Field />);
    await user.type(box(), 'hi @bob there');
    await user.keyboard('{ArrowLeft}'.repeat(7)); // just after "@bo"
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('hi @bob there');
    await user.keyboard('x');
    expect(box()).toHaveValue('hi @bob xthere');
  });

  it('a click or tap on an option picks it, keeping the focus in the text box', async () => {
    stubSuggestions();
    const user = userEvent.setup();
    renderAt(<Field />);
    await user.type(box(), 'to @b');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(screen.getByRole('option', { name: /bobby_tables/ }));
    expect(box()).toHaveValue('to @bobby_tables ');
    expect(box()).toHaveFocus();
  });

  it('Escape closes the list only, not the composer dialog around it; a new mention opens it again', async () => {
    stubSuggestions();
    useComposerStore.setState({ open: false });
    const user = userEvent.setup();
    renderAt(<GlobalComposerHost />);
    await user.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    const text = within(dialog).getByRole('textbox', { name: "What's happening?" });
    await user.type(text, 'hey @bo');
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
    expect(text).toHaveValue('hey @bo');
    // Enter now writes a new line: no list is open.
    await user.keyboard('b{Enter}');
    expect(text).toHaveValue('hey @bob\n');
    await user.type(text, '@bobby');
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveAttribute('aria-expanded', 'true'));
  });

  it('never offers a name the typed text rules out, even before the next answer arrives', async () => {
    const answers: ((r: Response) => void)[] = [];
    stubFetch((url) => {
      const parsed = new URL(url, 'http://x');
      if (parsed.pathname !== '/api/users/suggest') return jsonResponse(plan);
      const prefix = (parsed.searchParams.get('prefix') ?? '').toLowerCase();
      const items = people.filter((p) => p.username.toLowerCase().startsWith(prefix));
      // The first answer comes at once; later ones only when the test lets them.
      return answers.length === 0 && prefix === 'b' ? jsonResponse({ items }) : new Promise<Response>((r) => answers.push(() => r(jsonResponse({ items }))));
    });
    const user = userEvent.setup();
    renderAt(<Field />);
    await user.type(box(), '@b');
    await waitFor(() => expect(options()).toHaveLength(3));
    // "@bobb" narrows the list at once to what still matches; nothing else is ever offered.
    await user.type(box(), 'obb');
    expect(options().map((o) => o.textContent)).toEqual(['@bobby_tables']);
    // A new mention elsewhere shows nothing from the old answer while its own is on the way.
    await user.type(box(), ' and @q');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('@bobb and @q\n');
  });

  it('asks nothing for text without a mention being typed', async () => {
    const asked = stubSuggestions();
    const user = userEvent.setup();
    renderAt(<Field />);
    await user.type(box(), 'email me@bob.com #news ');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    // The first question asked is for the one real mention typed afterwards.
    await user.type(box(), '@bobb');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(asked).toEqual(['bobb']);
  });
});

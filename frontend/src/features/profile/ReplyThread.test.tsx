import { screen } from '@testing-library/react';
import { MESSAGES } from '@cloud9/contracts';
import { ReplyThread } from './ReplyThread';
import { renderAt, setSession, testUser } from '../../test/utils';
import { makePost } from '../../test/posts';

const original = makePost({ id: 1, content: 'The original' });
const reply = makePost({ id: 2, parent_id: 1, content: 'My reply', originalPost: original });
const show = (post = reply) => renderAt(<ReplyThread reply={post} replyTruncateAt={300} replyExpand="inline" />);

describe('ReplyThread (a reply on a profile, under its original)', () => {
  beforeEach(() => setSession(testUser()));

  it('shows the original above the reply', () => {
    show();
    expect(screen.getByText('The original')).toBeInTheDocument();
    expect(screen.getByText('My reply')).toBeInTheDocument();
  });

  it('says "This post is unavailable" for an original the viewer may not see, and still shows the reply', () => {
    show({ ...reply, originalPost: null, originalHidden: true });
    expect(screen.getByText(MESSAGES.thread.unavailable)).toBeInTheDocument();
    expect(screen.queryByText('The original')).not.toBeInTheDocument();
    expect(screen.getByText('My reply')).toBeInTheDocument();
  });

  it('says the original is gone when it was deleted', () => {
    show({ ...reply, originalPost: null });
    expect(screen.getByText('The original post is no longer available.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.thread.unavailable)).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { clearPublicConfigCache } from '../../api/config';
import { jsonResponse, renderAt, stubFetch } from '../../test/utils';
import { ComposerTools } from './ComposerTools';
import { useComposerDraft } from './useComposerDraft';

const config = (gifsEnabled: boolean) => ({ supportEmail: 's@x.test', donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://x.test/js', gifsEnabled });

function Tools() {
  return <ComposerTools draft={useComposerDraft(300)} />;
}

describe('ComposerTools GIF button', () => {
  beforeEach(() => clearPublicConfigCache());

  it('is hidden from the first render and stays hidden when /api/config says GIFs are not configured; no GIF request is made', async () => {
    const calls = stubFetch(() => jsonResponse(config(false)));
    renderAt(<Tools />);
    expect(screen.queryByRole('button', { name: 'GIF' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/config']));
    expect(screen.getByRole('button', { name: 'Emoji' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'GIF' })).not.toBeInTheDocument();
  });

  it('shows once /api/config says GIFs are configured', async () => {
    stubFetch(() => jsonResponse(config(true)));
    renderAt(<Tools />);
    expect(await screen.findByRole('button', { name: 'GIF' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays hidden when /api/config cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubFetch(() => jsonResponse({ success: false, error: 'down', statusCode: 500 }, 500));
    renderAt(<Tools />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'GIF' })).not.toBeInTheDocument();
  });
});

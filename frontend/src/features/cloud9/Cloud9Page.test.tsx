import { screen, within } from '@testing-library/react';
import { Cloud9Page } from './Cloud9Page';
import { renderAt, setSession, testUser } from '../../test/utils';

describe('Cloud 9 plans', () => {
  beforeEach(() => setSession(testUser({ group_id: 6 })));

  it('shows plans 5–9 with fees, annual prices for paid plans, and Coming Soon for Platinum and Diamond', () => {
    renderAt(<Cloud9Page />, '/cloud9');
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Basic', 'Silver', 'Gold', 'Platinum', 'Diamond']);

    const card = (name: string) => within(screen.getByRole('article', { name }));
    expect(card('Silver').getByText('$4.99')).toBeInTheDocument();
    expect(card('Silver').getByText(/\$54\.89 \/ year/)).toBeInTheDocument();
    expect(card('Silver').getByText('Your plan')).toBeInTheDocument();
    expect(card('Basic').queryByText(/\/ year/)).not.toBeInTheDocument();
    expect(card('Basic').queryByRole('button')).not.toBeInTheDocument();
    for (const name of ['Platinum', 'Diamond']) expect(card(name).getByText('Coming Soon')).toBeInTheDocument();
    for (const name of ['Silver', 'Gold']) expect(card(name).queryByText('Coming Soon')).not.toBeInTheDocument();
    for (const name of ['Silver', 'Gold', 'Platinum', 'Diamond']) {
      expect(card(name).getByRole('button', { name: `Subscribe to ${name}` })).toBeDisabled();
    }
  });
});

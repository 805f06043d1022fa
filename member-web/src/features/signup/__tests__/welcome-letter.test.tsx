import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

describe('welcome letter', () => {
  it("proves the new member's name, user id, email and mobile show, with a Login button to /Login", async () => {
    const api = mockApi({
      'GET /WelcomeDetails': {
        data: { data: [{ f_name: 'Asha Rao', uid: '482913', email: 'asha@example.in', mobile: '9876543210' }] },
      },
    });
    renderApp('/WelcomeLetter?userid=482913');
    const table = await screen.findByRole('table', { name: 'Welcome details' });
    expect(within(table).getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-uid')).toHaveTextContent('482913');
    expect(within(table).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(table).getByText('9876543210')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
    expect(api.callsTo('GET /WelcomeDetails')[0]?.params).toEqual({ uid: '482913' });
  });
});

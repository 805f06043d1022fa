import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_KEY, reloadLanguage } from '../../../lib/i18n';
import { StatusText } from '../status-text';

function inHindi() {
  window.localStorage.setItem(LANGUAGE_KEY, 'hi');
  act(() => reloadLanguage());
  expect(i18n.language).toBe('hi');
}

describe('StatusText', () => {
  it('proves English shows the server status word as sent, coloured as asked', () => {
    render(<StatusText status="Pending" color="error.main" testId="link-status" />);
    const status = screen.getByTestId('link-status');
    expect(status).toHaveTextContent(/^Pending$/);
    expect(status).toHaveAttribute('data-status-color', 'error');
  });

  it('proves Hindi shows the word translated for display (link, e-pin, withdrawal and order statuses)', () => {
    inHindi();
    const words: Array<[string, string]> = [
      ['Pending', 'लंबित'],
      ['Paid', 'भुगतान हुआ'],
      ['Received', 'प्राप्त'],
      ['Cancel', 'रद्द'],
      ['Disputed', 'विवादित'],
      ['Used', 'प्रयुक्त'],
      ['Unused', 'अप्रयुक्त'],
      ['Requested', 'अनुरोधित'],
      ['finished', 'पूर्ण'],
      ['Success', 'सफल'],
    ];
    render(
      <>
        {words.map(([word]) => (
          <StatusText key={word} status={word} color="success.main" testId={`s-${word}`} />
        ))}
      </>,
    );
    for (const [word, hindi] of words) expect(screen.getByTestId(`s-${word}`)).toHaveTextContent(hindi);
  });

  it('proves a word the catalogues do not know is shown as sent, and an empty status as nothing', () => {
    inHindi();
    render(
      <>
        <StatusText status="OnHold" color="warning.main" testId="unknown" />
        <StatusText status="" color="error.main" testId="empty" />
      </>,
    );
    expect(screen.getByTestId('unknown')).toHaveTextContent(/^OnHold$/);
    expect(screen.getByTestId('empty')).toBeEmptyDOMElement();
  });
});

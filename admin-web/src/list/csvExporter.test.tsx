import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRoute, renderAt } from '../test/app';
import { neutralise, toCsv } from './csvExporter';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the CSV exporter (issue 18 §6: formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `'=HYPERLINK("http://evil.test","x")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(1+1)', `'@SUM(1+1)`],
    ['\tTAB', `'\tTAB`],
    ['\rCR', `'\rCR`],
    ['Asha Rao', 'Asha Rao'],
    ['-250', '-250'],
    ['+91', '+91'],
    ['', ''],
  ])('neutralises %j as %j', (text, expected) => {
    // Proves: text a spreadsheet would run as a formula gets OWASP's leading quote; plain text and numbers stay as they are.
    expect(neutralise(text)).toBe(expected);
  });

  it('quotes every cell, doubles inner quotes, flattens nested fields and neutralises headers too', () => {
    const csv = toCsv([
      { id: '1', name: '=1+1', bank: { holder: '@x' }, tags: ['a', 'b'], amount: -5 },
      { id: '2', '=evil': 'x', note: 'say "hi"' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      `"id","name","bank.holder","tags","amount","'=evil","note"`,
      `"1","'=1+1","'@x","a, b","-5","",""`,
      `"2","","","","","x","say ""hi"""`,
    ]);
  });

  // Every admin-web list with an Export button, and a member-entered value in it.
  it.each(['members', 'mails', 'epins', 'epin-requests', 'payment-orders', 'level-income'])(
    'the %s list exports member-entered formulas neutralised',
    async (resource) => {
      const blobs: Blob[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x') }));
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const row = {
        id: '482913',
        name: '=HYPERLINK("http://evil.test")',
        city: '+cmd',
        utr: '@SUM(A1)',
        remark: '-1+1',
        subject: '\tx',
      };
      renderAt('superadmin', `#/${resource}`, listRoute(resource, [row]));
      const exportButton = await screen.findByRole('button', { name: /export/i }, { timeout: 5000 });
      await waitFor(() => expect(exportButton).toBeEnabled());
      fireEvent.click(exportButton);
      await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 5000 });
      const csv = await blobs[0]!.text();
      for (const text of Object.values(row).slice(1)) {
        expect(csv).toContain(`"'${text.replace(/"/g, '""')}"`);
        expect(csv).not.toContain(`,"${text.replace(/"/g, '""')}"`);
      }
    },
  );

  it('is the exporter of every react-admin List in admin-web (or the list exports nothing)', () => {
    // Proves: no list falls back to react-admin's default exporter, which writes cells as they are.
    const sources = import.meta.glob('../**/*.tsx', { query: '?raw', import: 'default', eager: true }) as Record<
      string,
      string
    >;
    const lists = Object.entries(sources).filter(([path, text]) => !path.includes('.test.') && /<List\b/.test(text));
    expect(lists.length).toBeGreaterThan(10);
    for (const [path, text] of lists) {
      const props = [...text.matchAll(/<List\b([\s\S]*?[^=])>\s*\n/g)].map((m) => m[1]);
      for (const attributes of props)
        expect([path, /exporter=\{(false|csvExporter|exporter \?\? csvExporter)\}/.test(attributes)]).toEqual([
          path,
          true,
        ]);
    }
  });
});

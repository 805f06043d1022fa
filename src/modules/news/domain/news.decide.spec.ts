import { decideChange, decidePublish } from './news.decide';

describe('news', () => {
  it('given a text, when published, then one NewsPublished with it trimmed, by the admin', () => {
    expect(decidePublish({ id: 'NW1', content: '  Maintenance tonight\n', hidden: false, by: 'approver' })).toEqual({
      ok: true,
      events: [
        {
          type: 'NewsPublished',
          payload: { id: 'NW1', content: 'Maintenance tonight', hidden: false, by: 'approver' },
        },
      ],
    });
  });

  it.each([
    ['', 'NEWS.EMPTY'],
    [' \n ', 'NEWS.EMPTY'],
    ['x'.repeat(2001), 'NEWS.TOO_LONG'],
  ])('given the text %j, when published, then refused with %s', (content, code) => {
    const d = decidePublish({ id: 'NW1', content, hidden: false, by: 'a' });
    expect(d.ok ? null : d.code).toBe(code);
  });

  const item = { id: 'NW1', content: 'Old', hidden: false };

  it('given a visible item, when its text changes and it is hidden, then NewsEdited then NewsHidden', () => {
    expect(decideChange(item, { content: 'New', hidden: true, by: 'approver' })).toEqual({
      ok: true,
      events: [
        { type: 'NewsEdited', payload: { id: 'NW1', content: 'New', by: 'approver' } },
        { type: 'NewsHidden', payload: { id: 'NW1', by: 'approver' } },
      ],
    });
  });

  it('given a hidden item, when shown with the same text, then only NewsShown; nothing changed → no event', () => {
    expect(decideChange({ ...item, hidden: true }, { content: ' Old ', hidden: false, by: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'NewsShown', payload: { id: 'NW1', by: 'a' } }],
    });
    expect(decideChange(item, { content: 'Old', hidden: false, by: 'a' })).toEqual({ ok: true, events: [] });
  });

  it('given an item, when its text is emptied, then refused and nothing else happens', () => {
    expect(decideChange(item, { content: '  ', hidden: true, by: 'a' }).ok).toBe(false);
  });
});

import { decideAnswer, decideRaise } from './ticket.decide';

const calm = { waiting: 0, raisedLastDay: 0 };

describe('help-desk tickets', () => {
  it.each([[''], ['   '], ['\n\t ']])('given the query %j, when raised, then refused with the spec text', (query) => {
    expect(decideRaise({ id: 'TK1', uid: '111111', query }, calm)).toEqual({
      ok: false,
      outcome: { code: 'SUPPORT.ENTER_QUERY', text: 'Please enter your query' },
    });
  });

  it('given a calm desk, when a query is raised, then one TicketRaised with the query trimmed', () => {
    expect(decideRaise({ id: 'TK1', uid: '111111', query: '  My link expired \n' }, calm)).toEqual({
      ok: true,
      events: [{ type: 'TicketRaised', payload: { id: 'TK1', uid: '111111', query: 'My link expired' } }],
    });
  });

  it('given 3 tickets waiting for a reply, when a fourth is raised, then refused', () => {
    const d = decideRaise({ id: 'TK1', uid: '111111', query: 'again' }, { waiting: 3, raisedLastDay: 3 });
    expect(d.ok ? null : d.outcome.code).toBe('SUPPORT.TOO_MANY_WAITING');
  });

  it('given 10 queries in the last 24 hours, when another is raised, then refused', () => {
    const d = decideRaise({ id: 'TK1', uid: '111111', query: 'again' }, { waiting: 0, raisedLastDay: 10 });
    expect(d.ok ? null : d.outcome).toEqual({
      code: 'SUPPORT.DAILY_LIMIT',
      text: 'You can send at most 10 queries in 24 hours. Please try again later.',
    });
  });

  const open = { id: 'TK1', uid: '111111', status: 'open' as const };

  it('given an open ticket, when the desk replies, then TicketReplied with the reply trimmed and the desk as author', () => {
    expect(decideAnswer(open, { action: 'reply', by: 'support', reply: ' Done \n' })).toEqual({
      ok: true,
      events: [{ type: 'TicketReplied', payload: { id: 'TK1', uid: '111111', by: 'support', reply: 'Done' } }],
    });
  });

  it('given a replied ticket, when the desk replies again or closes it, then each is taken', () => {
    const replied = { ...open, status: 'replied' as const };
    expect(decideAnswer(replied, { action: 'reply', by: 'approver', reply: 'More' }).ok).toBe(true);
    expect(decideAnswer(replied, { action: 'close', by: 'approver' })).toEqual({
      ok: true,
      events: [{ type: 'TicketClosed', payload: { id: 'TK1', uid: '111111', by: 'approver' } }],
    });
  });

  it('given a closed ticket, when replied to or closed, then refused; an empty reply is refused', () => {
    const closed = { ...open, status: 'closed' as const };
    expect(decideAnswer(closed, { action: 'reply', by: 's', reply: 'x' })).toEqual({
      ok: false,
      code: 'SUPPORT.CLOSED',
      text: 'Ticket TK1 is closed',
    });
    expect(decideAnswer(closed, { action: 'close', by: 's' }).ok).toBe(false);
    expect(decideAnswer(open, { action: 'reply', by: 's', reply: '  ' }).ok).toBe(false);
  });
});

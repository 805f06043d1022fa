import { GatewayDouble } from './gateway-double';

export const DOUBLE_USAGE = 'usage: node dist/cli/payments-double.js list | mark-paid <clientid> | expire <clientid>';

/** The gateway double driven from a shell: what admin-web's payment-double screen does. Returns the exit code and what to print. */
export async function runDoubleCommand(
  double: GatewayDouble,
  args: readonly string[],
): Promise<{ code: number; output: string }> {
  const [command, clientid] = args;
  switch (command) {
    case 'list': {
      const { rows, total } = await double.list(50, 0);
      const lines = rows.map(
        (r) =>
          `${r.order_ref}\t${r.kind}\t${r.status}${r.late_paid_at ? ' (paid late)' : ''}\t${r.pay_amount} ${r.pay_currency}\t${r.pay_address}\texpires ${r.expires_at.toISOString()}`,
      );
      return { code: 0, output: [`${total} gateway double orders (newest 50)`, ...lines].join('\n') };
    }
    case 'mark-paid':
    case 'expire': {
      if (!clientid || !/^[A-Za-z0-9]{1,40}$/.test(clientid)) return { code: 2, output: DOUBLE_USAGE };
      if (!(await double.byRef(clientid))) return { code: 1, output: `no gateway double order for ${clientid}` };
      const { row, callback } =
        command === 'mark-paid' ? await double.markPaid(clientid) : await double.expire(clientid);
      const state = row.late_paid_at ? 'expired, paid late' : row.status;
      return {
        code: 0,
        output: `${clientid}: ${state}${callback ? `; callback ${callback}` : '; the next status check sees it'}`,
      };
    }
    default:
      return { code: 2, output: DOUBLE_USAGE };
  }
}

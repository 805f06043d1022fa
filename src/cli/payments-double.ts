import 'reflect-metadata';
import { appUrlFrom } from '../config/config';
import { GatewayDouble, loadPaymentsConfig, runDoubleCommand } from '../modules/payments';
import { createDataSource, Database } from '../platform/db/database';

/**
 * Drives the local gateway double: `mark-paid <clientid>` pays the order (in its window, or late),
 * `expire <clientid>` ends its window, `list` shows the double's orders. For crypto orders the double
 * then sends its signed callback to PUBLIC_URL; either way the next status check sees the change.
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const config = loadPaymentsConfig();
  const dataSource = await createDataSource(appUrlFrom(url, process.env), {
    poolSize: 2,
    applicationName: 'sahyog-payments-double',
  }).initialize();
  try {
    const { code, output } = await runDoubleCommand(
      new GatewayDouble(new Database(dataSource), config.ipnSecret, config.callbackUrl),
      process.argv.slice(2),
    );
    (code === 0 ? console.log : console.error)(output);
    return code;
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);

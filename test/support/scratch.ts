import { seedBasics } from './seed';
import { createTestDatabase, TestDatabase } from './test-app';

/** A fresh database with the basic seed (and whatever `prepare` adds), for a test that tampers with it; dropped afterwards. */
export async function withScratchLedger(
  test: (scratch: TestDatabase) => Promise<void>,
  prepare?: (scratch: TestDatabase) => Promise<void>,
): Promise<void> {
  const scratch = await createTestDatabase();
  try {
    await seedBasics(scratch.app);
    await prepare?.(scratch);
    await test(scratch);
  } finally {
    await scratch.drop();
  }
}

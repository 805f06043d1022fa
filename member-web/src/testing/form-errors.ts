import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A form check failed as the member sees it: the message is in a toast (role alert) and under the
 * field labelled `label` (its accessible description, MUI's helperText).
 */
export async function expectFieldError(label: string, message: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((toast) => toast.textContent ?? '')).toContain(message));
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
}

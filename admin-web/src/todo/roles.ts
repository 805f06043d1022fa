/** The roles whose landing page is To do: those who decide what waits (issue 20 §10). */
export const hasTodo = (role: unknown): boolean => role === 'superadmin' || role === 'approver';

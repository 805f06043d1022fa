export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

import { ADMIN_ROLES } from '../session';

export const ROLE_CHOICES = ADMIN_ROLES.map((role) => ({ id: role, name: `sahyog.roles.${role}` }));

import { describe, expect, it } from 'vitest';
import { PAGES, RESOURCES, canAct, canSee, canWrite, pagesFor, resourcesFor } from '../resources';
import { canDecidePayments, canEditPaymentOptions, canEditSettings, canIssueEpins, canRetryJobs } from '../roles';

describe('the resource table (src/resources.ts)', () => {
  it('names each resource and page once', () => {
    // Proves: one row per area, so App.tsx registers no resource twice and the menu lists no item twice.
    const names = [...RESOURCES, ...PAGES].map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives an auditor the reports and the ledger, never members, mails, admin users or an action', () => {
    // Proves: decision 0007 read from the table: the auditor reads, and acts nowhere.
    const names = resourcesFor('auditor').map((rule) => rule.name);
    expect(names).toContain('events');
    expect(names).toContain('help-requests');
    expect(names).not.toContain('members');
    expect(names).not.toContain('mails');
    expect(names).not.toContain('admin-users');
    expect(names).not.toContain('payment-double');
    expect(pagesFor('auditor').map((page) => page.name)).toEqual(['ledger']);
    for (const rule of RESOURCES) {
      expect(canAct('auditor', rule.name)).toBe(false);
      expect(canWrite('auditor', rule.name)).toBe(false);
    }
  });

  it('lets a superadmin see, write and act wherever anybody can', () => {
    // Proves: the superadmin is in every row's read list, and in every write / act list that exists.
    for (const rule of RESOURCES) {
      expect(canSee('superadmin', rule.name)).toBe(true);
      if (rule.write) expect(canWrite('superadmin', rule.name)).toBe(true);
      if (rule.act) expect(canAct('superadmin', rule.name)).toBe(true);
    }
  });

  it('derives the named permissions of roles.ts from the table', () => {
    // Proves: the helpers the buttons use agree with the API's role table.
    expect(['superadmin', 'approver', 'support', 'auditor'].map(canIssueEpins)).toEqual([true, true, false, false]);
    expect(['superadmin', 'approver', 'support', 'auditor'].map(canDecidePayments)).toEqual([true, true, false, false]);
    expect(['superadmin', 'approver', 'support', 'auditor'].map(canRetryJobs)).toEqual([true, false, false, false]);
    expect(['superadmin', 'approver', 'support', 'auditor'].map(canEditSettings)).toEqual([true, false, false, false]);
    expect(['superadmin', 'approver', 'support', 'auditor'].map(canEditPaymentOptions)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('gives an unknown or missing role nothing', () => {
    // Proves: permissions that are not one of the four roles open no resource.
    expect(resourcesFor(undefined)).toEqual([]);
    expect(resourcesFor('root')).toEqual([]);
    expect(canSee(null, 'events')).toBe(false);
  });
});

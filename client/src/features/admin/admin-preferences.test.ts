import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, parsePreferences } from './admin-preferences';

describe('parsePreferences', () => {
  it('starts from the spec defaults: auto-refresh on every 30 s, no theme chosen yet', () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({ autoRefresh: true, refreshInterval: 30, hasChosenTheme: false });
  });

  it('keeps valid stored values and drops the rest', () => {
    const stored = JSON.stringify({ autoRefresh: false, refreshInterval: 45, pageSize: 50, sidebarCollapsed: 'yes', hasChosenTheme: true });
    expect(parsePreferences(stored)).toEqual({ ...DEFAULT_PREFERENCES, autoRefresh: false, pageSize: 50, hasChosenTheme: true });
  });

  it('survives garbage', () => {
    expect(parsePreferences('{not json')).toEqual(DEFAULT_PREFERENCES);
  });
});

import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, helmetHeaders } from './security-headers.ts';

const cspFor = (publicBaseUrl: string | undefined) =>
  helmetHeaders({ contentSecurityPolicy: contentSecurityPolicy(publicBaseUrl, ["'sha256-abc'"]) })['content-security-policy']!;

describe('the content security policy', () => {
  it('asks browsers to upgrade requests to https only when the public address is https', () => {
    expect(cspFor('https://escrowkenya.co.ke')).toContain('upgrade-insecure-requests');
    // The demo opened on the LAN: an upgrade sent every script to https://192.168.…:3000, which answers none.
    expect(cspFor('http://192.168.1.20:3000')).not.toContain('upgrade-insecure-requests');
    expect(cspFor(undefined)).not.toContain('upgrade-insecure-requests');
  });

  it('keeps the rest of the policy either way', () => {
    for (const base of ['https://escrowkenya.co.ke', 'http://localhost:3000']) {
      const csp = cspFor(base);
      expect(csp).toContain("script-src 'self' 'sha256-abc'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });
});

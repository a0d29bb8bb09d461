import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test/support/production-env.ts';
import { DEFAULT_ADMIN_PASSWORD, isDemoMode, parseEnv, productionRefusals, RAIL_REQUEST_TIMEOUT_SECONDS, resolveConfig } from './env.ts';

describe('production refusals', () => {
  it('starts a production configuration with everything set', () => {
    expect(productionRefusals(parseEnv(PRODUCTION_ENV))).toEqual([]);
  });

  it('names each missing or unsafe setting on its own line', () => {
    const refusals = productionRefusals(parseEnv({ NODE_ENV: 'production' }));
    expect(refusals).toHaveLength(4);
    expect(refusals[0]).toMatch(/^DATABASE_URL /);
    expect(refusals[1]).toMatch(/^JWT_SECRET /);
    expect(refusals[2]).toMatch(/^ADMIN_PASSWORD /);
    expect(refusals[3]).toMatch(/^MPESA_BASE_URL, SMS_BASE_URL and AIRTEL_BASE_URL unset: .*ALLOW_MOCK_RAILS=true/);
    for (const line of refusals) expect(line).not.toContain('\n');
  });

  it('refuses the documented admin password, even when given explicitly', () => {
    expect(productionRefusals(parseEnv({ ...PRODUCTION_ENV, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD }))).toEqual([
      expect.stringMatching(/^ADMIN_PASSWORD /),
    ]);
  });

  it('runs on the mocks only with ALLOW_MOCK_RAILS=true (a staging demo)', () => {
    const { MPESA_BASE_URL: _m, SMS_BASE_URL: _s, AIRTEL_BASE_URL: _a, ...onMocks } = PRODUCTION_ENV;
    expect(productionRefusals(parseEnv(onMocks))).toEqual([expect.stringMatching(/ALLOW_MOCK_RAILS/)]);
    expect(productionRefusals(parseEnv({ ...onMocks, ALLOW_MOCK_RAILS: 'true' }))).toEqual([]);
  });

  it('refuses a real money rail beside the mocks, even with ALLOW_MOCK_RAILS=true', () => {
    const { SMS_BASE_URL: _s, ...smsOnMock } = PRODUCTION_ENV;
    expect(productionRefusals(parseEnv({ ...smsOnMock, ALLOW_MOCK_RAILS: 'true' }))).toEqual([
      expect.stringMatching(/^SMS_BASE_URL unset while MPESA_BASE_URL and AIRTEL_BASE_URL are real: /),
    ]);
    const { MPESA_BASE_URL: _m, ...mpesaOnMock } = PRODUCTION_ENV;
    expect(productionRefusals(parseEnv({ ...mpesaOnMock, ALLOW_MOCK_RAILS: 'true' }))).toEqual([
      expect.stringMatching(/^MPESA_BASE_URL unset while AIRTEL_BASE_URL is real: /),
    ]);
    // Real SMS with mock money rails moves no money: a staging demo may text real phones.
    const { MPESA_BASE_URL: _a, AIRTEL_BASE_URL: _b, ...moneyOnMocks } = PRODUCTION_ENV;
    expect(productionRefusals(parseEnv({ ...moneyOnMocks, ALLOW_MOCK_RAILS: 'true' }))).toEqual([]);
  });

  it('needs the public https address that real rails call back to and payment links are built on', () => {
    const { PUBLIC_BASE_URL: _p, ...withoutBase } = PRODUCTION_ENV;
    for (const base of [undefined, 'http://pay.example.co.ke', 'https://localhost:3000', 'https://127.0.0.1']) {
      expect(productionRefusals(parseEnv(base ? { ...withoutBase, PUBLIC_BASE_URL: base } : withoutBase)), base).toEqual([
        expect.stringMatching(/^PUBLIC_BASE_URL /),
      ]);
    }
    // A real SMS rail beside mock money rails (a staging demo) is called back too.
    const { MPESA_BASE_URL: _m, AIRTEL_BASE_URL: _a, ...smsOnly } = withoutBase;
    expect(productionRefusals(parseEnv({ ...smsOnly, ALLOW_MOCK_RAILS: 'true' }))).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL /)]);
    // On the mocks alone nothing outside calls back: a staging demo may run on any address.
    const { SMS_BASE_URL: _s, ...onMocks } = smsOnly;
    expect(productionRefusals(parseEnv({ ...onMocks, ALLOW_MOCK_RAILS: 'true' }))).toEqual([]);
  });

  it('needs the credentials and callback secrets of real rails', () => {
    const {
      MPESA_CONSUMER_SECRET: _a,
      MPESA_CALLBACK_SECRET: _b,
      SMS_API_KEY: _c,
      AT_CALLBACK_SECRET: _d,
      AIRTEL_CLIENT_SECRET: _e,
      AIRTEL_CALLBACK_SECRET: _f,
      ...withoutSecrets
    } = PRODUCTION_ENV;
    const refusals = productionRefusals(parseEnv(withoutSecrets));
    expect(refusals.map((line) => line.split(' ')[0])).toEqual([
      'MPESA_CONSUMER_SECRET',
      'MPESA_CALLBACK_SECRET',
      'AIRTEL_CLIENT_SECRET',
      'AIRTEL_CALLBACK_SECRET',
      'SMS_API_KEY',
      'AT_CALLBACK_SECRET',
    ]);
  });

  it('treats empty variables as unset (compose passes `${FOO:-}` as "")', () => {
    expect(
      productionRefusals(
        parseEnv({ ...PRODUCTION_ENV, MPESA_BASE_URL: '', SMS_BASE_URL: '', AIRTEL_BASE_URL: '', ALLOW_MOCK_RAILS: 'true' }),
      ),
    ).toEqual([]);
    expect(productionRefusals(parseEnv({ ...PRODUCTION_ENV, JWT_SECRET: '' }))).toEqual([expect.stringMatching(/^JWT_SECRET /)]);
  });

  it('checks nothing outside production', () => {
    expect(productionRefusals(parseEnv({ NODE_ENV: 'development' }))).toEqual([]);
  });
});

describe('modes and gateway settings', () => {
  it('is in demo mode while either rail is the built-in mock', () => {
    expect(isDemoMode({})).toBe(true);
    expect(isDemoMode({ MPESA_BASE_URL: 'https://x.example' })).toBe(true);
    expect(isDemoMode({ MPESA_BASE_URL: 'https://x.example', SMS_BASE_URL: 'https://y.example' })).toBe(true);
    expect(
      isDemoMode({ MPESA_BASE_URL: 'https://x.example', SMS_BASE_URL: 'https://y.example', AIRTEL_BASE_URL: 'https://z.example' }),
    ).toBe(false);
  });

  it('accepts addresses and CIDRs in GATEWAY_ALLOWED_IPS and names a bad entry', () => {
    expect(parseEnv({ GATEWAY_ALLOWED_IPS: '196.201.214.0/24, 196.201.213.44,2001:db8::/32' }).GATEWAY_ALLOWED_IPS).toBeDefined();
    expect(() => parseEnv({ GATEWAY_ALLOWED_IPS: '196.201.214.0/33' })).toThrow(
      /GATEWAY_ALLOWED_IPS: not an IP address or CIDR: 196.201.214.0\/33/,
    );
    expect(() => parseEnv({ GATEWAY_ALLOWED_IPS: 'safaricom.co.ke' })).toThrow(/GATEWAY_ALLOWED_IPS/);
  });

  it('refuses a reconciliation sooner than a rail request is waited for, naming the setting and why', () => {
    for (const mode of ['development', 'production'] as const) {
      for (const name of ['STK_RECONCILE_AFTER_SECONDS', 'PAYOUT_RECONCILE_AFTER_SECONDS']) {
        expect(() => parseEnv({ NODE_ENV: mode, [name]: String(RAIL_REQUEST_TIMEOUT_SECONDS - 1) }), `${mode} ${name}`).toThrow(
          new RegExp(`${name}: must be at least ${RAIL_REQUEST_TIMEOUT_SECONDS} \\(seconds\\), the time a rail request is waited for`),
        );
        expect(parseEnv({ NODE_ENV: mode, [name]: String(RAIL_REQUEST_TIMEOUT_SECONDS) })[name as 'STK_RECONCILE_AFTER_SECONDS']).toBe(
          RAIL_REQUEST_TIMEOUT_SECONDS,
        );
      }
    }
    // Both named at once, each on its own line; the defaults pass.
    expect(() => parseEnv({ STK_RECONCILE_AFTER_SECONDS: '5', PAYOUT_RECONCILE_AFTER_SECONDS: '1' })).toThrow(
      /\n {2}STK_RECONCILE_AFTER_SECONDS: .*\n {2}PAYOUT_RECONCILE_AFTER_SECONDS: /,
    );
    expect(parseEnv({})).toMatchObject({ STK_RECONCILE_AFTER_SECONDS: 90, PAYOUT_RECONCILE_AFTER_SECONDS: 300 });
    // The test suites shorten them against the mocks, which answer at once.
    expect(parseEnv({ NODE_ENV: 'test', PAYOUT_RECONCILE_AFTER_SECONDS: '1' }).PAYOUT_RECONCILE_AFTER_SECONDS).toBe(1);
  });

  it("gives the Africa's Talking callback its own secret, derived when a launcher keeps only one", () => {
    const env = parseEnv({});
    const config = resolveConfig(env, { databaseUrl: 'postgresql://x', jwtSecret: 'j'.repeat(40), callbackSecret: 'c'.repeat(24) });
    expect(config.AT_CALLBACK_SECRET).toHaveLength(32);
    expect(config.AT_CALLBACK_SECRET).not.toBe(config.MPESA_CALLBACK_SECRET);
    const given = resolveConfig(env, {
      databaseUrl: 'postgresql://x',
      jwtSecret: 'j'.repeat(40),
      callbackSecret: 'c'.repeat(24),
      atCallbackSecret: 'kept',
    });
    expect(given.AT_CALLBACK_SECRET).toBe('kept');
  });
});

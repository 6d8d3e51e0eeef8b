import path from 'node:path';
import { de } from '@werkboard/common';
import { ConfigError, configFromEnv } from './config';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './license/publicKey';
import { createTestLicenseKeys } from './test/licenseKeys';

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({}, '/srv/werkboard');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('/srv/werkboard/data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.adminUsername).toBe('admin');
    expect(config.adminPassword).toBeNull();
    expect(config.tokenTtlSeconds).toBe(43200);
  });

  it('reads every variable', () => {
    const config = configFromEnv(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/wb',
        DATABASE_URL: 'postgres://u:p@db/wb',
        ADMIN_USERNAME: ' chefin ',
        ADMIN_PASSWORD: 'geheim-im-Lager-7',
        TOKEN_TTL_SECONDS: '600',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/wb',
      databaseUrl: 'postgres://u:p@db/wb',
      adminUsername: 'chefin',
      adminPassword: 'geheim-im-Lager-7',
      tokenTtlSeconds: 600,
    });
  });

  it('takes ADMIN_PASSWORD as it is: the rule is checked when it makes the first Admin (db/seed.ts)', () => {
    expect(configFromEnv({ ADMIN_PASSWORD: 'geheim' }).adminPassword).toBe('geheim');
    expect(configFromEnv({ ADMIN_PASSWORD: 'Werkbank-Sued-4' }).adminPassword).toBe('Werkbank-Sued-4');
  });

  it('reads TRUST_PROXY as a list of trusted proxies and refuses what is no address or network', () => {
    expect(configFromEnv({}).trustedProxies).toBeNull();
    const trusted = configFromEnv({ TRUST_PROXY: '10.0.0.5, 172.18.0.0/16' }).trustedProxies!;
    expect([trusted.check('172.18.9.9'), trusted.check('10.0.0.6')]).toEqual([true, false]);
    expect(() => configFromEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(ConfigError);
  });

  it('refuses a port or lifetime that is not a number', () => {
    expect(() => configFromEnv({ PORT: 'achtzig' })).toThrow(ConfigError);
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => configFromEnv({ TOKEN_TTL_SECONDS: '-5' })).toThrow(ConfigError);
  });

  it('verifies license keys with the built-in key unless LICENSE_PUBLIC_KEY names another Ed25519 key', () => {
    expect(configFromEnv({}).licensePublicKey).toBe(BUILT_IN_LICENSE_PUBLIC_KEY);
    const { publicKeyPem } = createTestLicenseKeys();
    expect(configFromEnv({ LICENSE_PUBLIC_KEY: publicKeyPem }).licensePublicKey).toBe(publicKeyPem);
    expect(() => configFromEnv({ LICENSE_PUBLIC_KEY: 'kein Schlüssel' })).toThrow(ConfigError);
  });

  it('serves plain HTTP unless TLS is asked for', () => {
    expect(configFromEnv({})).toMatchObject({ tls: null, httpRedirectPort: null });
  });

  it('reads a certificate and key from TLS_CERT and TLS_KEY, relative to the working folder', () => {
    expect(configFromEnv({ TLS_CERT: 'tls/cert.pem', TLS_KEY: '/etc/wb/key.pem' }, '/srv').tls).toEqual({
      source: 'files',
      certificateFile: '/srv/tls/cert.pem',
      keyFile: '/etc/wb/key.pem',
    });
  });

  it('generates for TLS_HOSTS, always with the local names, and without them for the machine', () => {
    const tls = configFromEnv({ TLS: 'self-signed', TLS_HOSTS: 'Werkboard.Firma.de, 192.168.178.20 fd00::5' }).tls;
    expect(tls).toEqual({
      source: 'self-signed',
      hosts: ['werkboard.firma.de', '192.168.178.20', 'fd00::5', 'localhost', '127.0.0.1', '::1'],
    });
    const machine = configFromEnv({ TLS: 'self-signed' }).tls;
    expect(machine?.source === 'self-signed' && machine.hosts).toEqual(
      expect.arrayContaining(['localhost', '127.0.0.1', '::1']),
    );
  });

  it('refuses unclear TLS settings with German messages', () => {
    const t = de.server.tls;
    expect(() => configFromEnv({ TLS_CERT: 'cert.pem' })).toThrow(new ConfigError(t.certificateAndKey));
    expect(() => configFromEnv({ TLS: 'ja' })).toThrow(new ConfigError(t.unknownMode('ja')));
    expect(() => configFromEnv({ TLS: 'self-signed', TLS_CERT: 'c', TLS_KEY: 'k' })).toThrow(
      new ConfigError(t.twoSources),
    );
    expect(() => configFromEnv({ TLS: 'self-signed', TLS_HOSTS: 'firma_server' })).toThrow(
      new ConfigError(t.invalidHost('firma_server')),
    );
    expect(() => configFromEnv({ HTTP_REDIRECT_PORT: '80' })).toThrow(new ConfigError(t.redirectWithoutTls));
    expect(() => configFromEnv({ TLS: 'self-signed', HTTP_REDIRECT_PORT: 'achtzig' })).toThrow(
      new ConfigError(t.invalidRedirectPort('achtzig')),
    );
    expect(configFromEnv({ TLS: 'self-signed', HTTP_REDIRECT_PORT: '80' }).httpRedirectPort).toBe(80);
  });

  it('reads the hour of the daily message digest (7 by default) and refuses one that is not 0-23', () => {
    expect(configFromEnv({}).digestHour).toBe(7);
    expect(configFromEnv({ DIGEST_HOUR: '0' }).digestHour).toBe(0);
    expect(configFromEnv({ DIGEST_HOUR: '18' }).digestHour).toBe(18);
    for (const value of ['24', '-1', '7.5', 'sieben'])
      expect(() => configFromEnv({ DIGEST_HOUR: value })).toThrow(ConfigError);
  });
});

import { describe, expect, it } from 'vitest';
import { parseEnv } from './parse-env';
import { publicEnvSchema } from './public-env';

describe('publicEnvSchema', () => {
  it('needs no variable at all', () => {
    const config = parseEnv(publicEnvSchema, {});
    expect(config.version).toBe('1.0.0-beta');
    expect(config.scrapeProxyUrl).toContain('{url}');
    expect(config).not.toHaveProperty('jamendoClientId');
    expect(config).not.toHaveProperty('audioOrigins');
  });

  it('reads the audio origins as origins, separated by commas or spaces, https only', () => {
    expect(
      parseEnv(publicEnvSchema, {
        AUDIO_ORIGINS: 'https://cdn.example.org/music/, https://files.example.net',
      }).audioOrigins,
    ).toEqual(['https://cdn.example.org', 'https://files.example.net']);
    expect(() => parseEnv(publicEnvSchema, { AUDIO_ORIGINS: 'http://cdn.example.org' })).toThrow(
      /AUDIO_ORIGINS/,
    );
  });

  it('fails loudly and names the bad variable', () => {
    expect(() => parseEnv(publicEnvSchema, { GITHUB_URL: 'javascript:alert(1)' })).toThrow(
      /GITHUB_URL/,
    );
    expect(() => parseEnv(publicEnvSchema, { SCRAPE_PROXY_URL: 'https://proxy.test/' })).toThrow(
      /SCRAPE_PROXY_URL: must contain the placeholder \{url\}/,
    );
  });

  it('keeps a Jamendo client id when one is given', () => {
    expect(parseEnv(publicEnvSchema, { JAMENDO_CLIENT_ID: ' abc ' }).jamendoClientId).toBe('abc');
  });
});

import { describe, expect, it } from 'vitest';
import { publishEarlyFetches, takeEarlyManifest, takeEarlyRemotes } from './early-fetches';

describe('early fetches', () => {
  it('hands each early response out once', () => {
    const remotes = Promise.resolve(new Response('{}'));
    const manifest = Promise.resolve(new Response('{}'));
    publishEarlyFetches({ remotes, manifests: { 'http://a.test/m.json': manifest } });
    expect(takeEarlyRemotes()).toBe(remotes);
    expect(takeEarlyRemotes()).toBeUndefined();
    expect(takeEarlyManifest('http://b.test/m.json')).toBeUndefined();
    expect(takeEarlyManifest('http://a.test/m.json')).toBe(manifest);
    expect(takeEarlyManifest('http://a.test/m.json')).toBeUndefined();
  });
});

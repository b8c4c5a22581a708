import { describe, expect, it } from 'vitest';
import { FAKE_CONFIG } from '@loofi/backend/testing';
import { audioReadable } from './audio-readable';

const track = (audio: string) => ({ title: 't', author: 'a', audio, image: '' });
const page = (href: string) => new URL(href) as unknown as Location;

describe('audioReadable', () => {
  it('reads the site, the allowed hosts and nothing else', () => {
    const readable = audioReadable(
      { ...FAKE_CONFIG, audioOrigins: ['https://cdn.example.org'] },
      page('https://loofi.example/'),
    );
    expect(readable(track('/demo/rain.wav'))).toBe(true);
    expect(readable(track('https://cdn.example.org/a.mp3'))).toBe(true);
    expect(readable(track('https://elsewhere.example/a.mp3'))).toBe(false);
    expect(readable(track('http://127.0.0.1:4000/a.wav'))).toBe(false);
  });

  it('lets a page served from loopback read other loopback addresses, as its server allows', () => {
    const readable = audioReadable(FAKE_CONFIG, page('http://localhost:3000/'));
    expect(readable(track('http://127.0.0.1:4000/a.wav'))).toBe(true);
    expect(readable(track('https://cdn.example.org/a.mp3'))).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { PlayerCommand, PlayerState, Track } from '@loofi/contracts';
import { INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { startPlayerOwnership } from './player-ownership';
import type { OwnershipChannel, OwnershipLocks, PlayerOwnership } from './player-ownership';

const track = (title: string): Track => ({
  title,
  author: 'Someone',
  audio: `https://example.com/${title}.mp3`,
  image: '',
});
const rain = track('Rain');
const snow = track('Snow');

/** BroadcastChannel between the tabs of one browser: a message reaches every other tab, later. */
class FakeChannels {
  readonly open = new Set<FakeChannel>();
  create(): FakeChannel {
    const channel = new FakeChannel(this);
    this.open.add(channel);
    return channel;
  }
}

class FakeChannel extends EventTarget implements OwnershipChannel {
  /** A crashed tab says nothing more. */
  silent = false;
  constructor(private readonly hub: FakeChannels) {
    super();
  }
  postMessage(message: unknown) {
    if (this.silent) return;
    const data = structuredClone(message);
    for (const other of this.hub.open) {
      if (other !== this)
        setTimeout(() => other.dispatchEvent(new MessageEvent('message', { data })));
    }
  }
  close() {
    this.hub.open.delete(this);
  }
}

interface Request {
  callback: (lock: Lock | null) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Web Locks for one name: one holder, the others queued; `steal` takes it at once. */
class FakeLocks implements OwnershipLocks {
  holder: Request | null = null;
  readonly queue: Request[] = [];

  request(...args: unknown[]): Promise<never> {
    const [, options, callback] = args as [
      string,
      { steal?: boolean; signal?: AbortSignal },
      Request['callback'],
    ];
    return new Promise<unknown>((resolve, reject) => {
      const request: Request = { callback, resolve, reject };
      if (options.steal && this.holder) {
        this.holder.reject(new DOMException('stolen', 'AbortError'));
        this.holder = null;
      }
      options.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(request);
        if (at === -1) return;
        this.queue.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.queue.push(request);
      this.grant();
    }) as Promise<never>;
  }

  private grant() {
    if (this.holder) return;
    const next = this.queue.shift();
    if (!next) return;
    this.holder = next;
    void Promise.resolve(next.callback({ name: 'loofi-player', mode: 'exclusive' } as Lock)).then(
      (value) => {
        next.resolve(value);
        if (this.holder === next) {
          this.holder = null;
          this.grant();
        }
      },
    );
  }
}

let clock = 0;
let channels: FakeChannels;
let locks: FakeLocks;
const started: Tab[] = [];

/** A tab of loofi: its player's state, a player that follows it, and its ownership. */
class Tab {
  readonly state = new BehaviorSubject<PlayerState>({ ...INITIAL_PLAYER_STATE, current: rain });
  readonly elsewhere = new BehaviorSubject(false);
  readonly channel = channels.create();
  everPlayedByItself = false;
  ownership: PlayerOwnership;

  constructor(withLocks = true) {
    this.ownership = startPlayerOwnership({
      state$: this.state,
      state: () => this.state.value,
      player: {
        cue: (current, position, play) => this.set({ current, position, playing: play }),
        pause: () => this.set({ playing: false }),
      },
      channel: this.channel,
      locks: withLocks ? locks : undefined,
      playingElsewhere: this.elsewhere,
      now: () => clock,
    });
    started.push(this);
  }

  set(patch: Partial<PlayerState>) {
    this.state.next({ ...this.state.value, ...patch });
  }

  /** The owner presses Play (the engine asks the ownership first, as it does). */
  press(command: PlayerCommand = { type: 'toggle' }) {
    if (this.ownership.claims(command)) return;
    if (command.type === 'play') this.set({ current: command.track, position: 0 });
    this.set({ playing: command.type === 'play' ? true : !this.state.value.playing });
  }

  get playing() {
    return this.state.value.playing;
  }
  get position() {
    return this.state.value.position;
  }
}

/** Lets every message and lock grant in flight arrive. */
async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setTimeout(resolve));
  }
}

beforeEach(() => {
  clock = 1_000_000;
  channels = new FakeChannels();
  locks = new FakeLocks();
});

afterEach(() => {
  for (const tab of started.splice(0)) tab.ownership.stop();
});

describe('one player per browser', () => {
  it('pauses the tab that played when another plays, and shows where the music is', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    await settle();
    expect(a.playing).toBe(true);
    expect(b.elsewhere.value).toBe(true);
    expect(b.playing).toBe(false);

    clock += 1_000;
    b.press({ type: 'play', track: snow });
    await settle();
    expect(b.playing).toBe(true);
    expect(a.playing).toBe(false);
    expect(a.elsewhere.value).toBe(true);
    expect(b.elsewhere.value).toBe(false);
    // The tab that stopped shows the track that plays now.
    expect(a.state.value.current).toEqual(snow);
  });

  it('Play here moves the music at its position, and Play in the first tab takes it back', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    a.set({ position: 12 });
    await settle();
    clock += 30_000;
    a.set({ position: 42 });
    await settle();

    b.press();
    await settle();
    expect(b.playing).toBe(true);
    expect(b.state.value.current).toEqual(rain);
    expect(b.position).toBeCloseTo(42, 3);
    expect(a.playing).toBe(false);
    expect(a.elsewhere.value).toBe(true);

    clock += 5_000;
    a.press();
    await settle();
    expect(a.playing).toBe(true);
    expect(a.position).toBeCloseTo(47, 3);
    expect(b.playing).toBe(false);
    expect(b.elsewhere.value).toBe(true);
  });

  it('follows a seek in the playing tab: Play here starts where it went, not where the clock says', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    await settle();
    clock += 2_000;
    a.set({ position: 150 });
    await settle();
    clock += 1_000;
    b.press();
    expect(b.position).toBeCloseTo(151, 3);
  });

  it('a tab opened while another plays learns it at once', async () => {
    const a = new Tab();
    a.press();
    await settle();
    const b = new Tab();
    await settle();
    expect(b.elsewhere.value).toBe(true);
  });

  it('a pause in the playing tab leaves the music waiting there in every tab, and starts nothing', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press({ type: 'play', track: snow });
    await settle();
    clock += 9_000;
    a.set({ position: 9 });
    a.press();
    await settle();
    expect(b.elsewhere.value).toBe(false);
    expect(b.playing).toBe(false);
    expect(b.state.value).toMatchObject({ current: snow, position: 9 });
    // Play in the other tab now plays its own player, from there.
    b.press();
    await settle();
    expect(b.playing).toBe(true);
    expect(b.position).toBe(9);
    expect(a.playing).toBe(false);
  });

  it('notices a tab that played and went without a word (its lock is let go)', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    await settle();
    expect(b.elsewhere.value).toBe(true);
    a.channel.silent = true;
    started.splice(started.indexOf(a), 1);
    a.ownership.stop();
    await settle();
    expect(b.elsewhere.value).toBe(false);
    expect(b.playing).toBe(false);
  });

  it('the later of two presses at once keeps the music', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    clock += 1;
    b.press();
    await settle();
    expect(b.playing).toBe(true);
    expect(a.playing).toBe(false);
    expect(a.elsewhere.value).toBe(true);
  });

  it('works without Web Locks, on the channel alone', async () => {
    const a = new Tab(false);
    const b = new Tab(false);
    a.press();
    a.set({ position: 3 });
    await settle();
    b.press();
    await settle();
    expect(b.playing).toBe(true);
    expect(b.position).toBe(3);
    expect(a.playing).toBe(false);
  });

  it('leaves the commands that move nothing here to the player', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    await settle();
    expect(b.ownership.claims({ type: 'next' })).toBe(false);
    expect(b.ownership.claims({ type: 'seek', seconds: 3 })).toBe(false);
    expect(b.ownership.claims({ type: 'play', track: snow })).toBe(false);
    expect(a.ownership.claims({ type: 'toggle' })).toBe(false);
  });
});

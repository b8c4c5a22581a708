import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { PlayerCommand, PlayerState, Track } from '@loofi/contracts';
import { INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { startPlayerOwnership } from './player-ownership';
import type {
  OwnershipChannel,
  OwnershipLocks,
  PlayerOwnership,
  TabPlayer,
} from './player-ownership';

const track = (title: string): Track => ({
  title,
  author: 'Someone',
  audio: `https://example.com/${title}.mp3`,
  image: '',
});
const rain = track('Rain');
const snow = track('Snow');
const hail = track('Hail');
const fog = track('Fog');
const LIBRARY = [rain, snow, hail, fog];

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
  /** What this tab said, in order. */
  readonly said: unknown[] = [];
  /** Kinds of message this tab does not say (a tab of an earlier release). */
  readonly unsaid = new Set<string>();
  postMessage(message: unknown) {
    if (this.silent || this.unsaid.has((message as { kind: string }).kind)) return;
    this.said.push(message);
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
      // A steal is granted at once, ahead of the requests waiting (as Web Locks do).
      if (options.steal) this.queue.unshift(request);
      else this.queue.push(request);
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
  readonly state = new BehaviorSubject<PlayerState>({
    ...INITIAL_PLAYER_STATE,
    current: rain,
    queue: LIBRARY,
  });
  readonly elsewhere = new BehaviorSubject(false);
  readonly channel = channels.create();
  everPlayedByItself = false;
  /** The commands other tabs sent here, as carried out. */
  readonly performed: PlayerCommand[] = [];
  /** The sleep fades carried out here (their lengths). */
  readonly slept: number[] = [];
  readonly player: TabPlayer;
  ownership: PlayerOwnership;

  /** `order`: this tab's own shuffle of the library (a queue keyed by title, here). */
  constructor(withLocks = true, order: readonly Track[] = LIBRARY) {
    this.set({ queue: [...order] });
    const byTitle = (title: string) => LIBRARY.find((each) => each.title === title)!;
    this.player = {
      cue: (current, position, play) => this.set({ current, position, playing: play }),
      pause: () => this.set({ playing: false }),
      perform: (command) => {
        this.performed.push(command);
        if (command.type === 'volume') return this.set({ volume: command.volume });
        if (command.type === 'mute') return this.set({ muted: command.muted });
        // Play next: after the current track; the fake knows no other queue command.
        if (command.type !== 'playNext') throw new Error(`not in the fake: ${command.type}`);
        const rest = this.order.filter((title) => title !== command.track.title);
        const at = rest.indexOf(this.state.value.current!.title) + 1;
        rest.splice(at, 0, command.track.title);
        this.set({ queue: rest.map(byTitle) });
      },
      sharedOrder: () => ({ keys: this.order, removed: [], queuedAhead: 0 }),
      adoptOrder: (order) => this.set({ queue: order.keys.map(byTitle) }),
    };
    this.ownership = startPlayerOwnership({
      state$: this.state,
      state: () => this.state.value,
      player: this.player,
      channel: this.channel,
      locks: withLocks ? locks : undefined,
      playingElsewhere: this.elsewhere,
      sleep: (ms) => this.slept.push(ms),
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
    if (command.type === 'playNext') return this.player.perform(command);
    if (command.type === 'play') this.set({ current: command.track, position: 0 });
    this.set({ playing: command.type === 'play' ? true : !this.state.value.playing });
  }

  get playing() {
    return this.state.value.playing;
  }
  get order() {
    return this.state.value.queue.map((each) => each.title);
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

  it("sends a queue command given where the music does not play to the tab that plays; every tab shows that tab's order", async () => {
    const a = new Tab(true, [rain, snow, hail, fog]);
    const b = new Tab(true, [fog, hail, snow, rain]);
    a.press();
    await settle();
    expect(b.order).toEqual(['Rain', 'Snow', 'Hail', 'Fog']);

    b.press({ type: 'playNext', track: fog });
    // Not here first: the order changes where the music plays, then here.
    expect(b.order).toEqual(['Rain', 'Snow', 'Hail', 'Fog']);
    await settle();
    expect(a.order).toEqual(['Rain', 'Fog', 'Snow', 'Hail']);
    expect(b.order).toEqual(a.order);
    expect(a.playing).toBe(true);
    expect(b.playing).toBe(false);

    // Play here: the order goes on from where it was, in the tab that plays now.
    b.press();
    await settle();
    b.press({ type: 'playNext', track: hail });
    await settle();
    expect(b.order).toEqual(['Rain', 'Hail', 'Fog', 'Snow']);
    expect(a.order).toEqual(b.order);
  });

  it('a tab opened while another plays shows its order, and a tab opened before learns it when the music starts', async () => {
    const a = new Tab(true, [snow, rain, hail, fog]);
    const b = new Tab(true, [fog, rain, snow, hail]);
    b.press();
    await settle();
    expect(a.order).toEqual(b.order);
    const c = new Tab(true, [hail, fog, snow, rain]);
    await settle();
    expect(c.order).toEqual(b.order);
  });

  it('keeps a queue command here when the tab that plays is of an earlier release, which tells no order', async () => {
    const a = new Tab(true, [rain, snow, hail, fog]);
    a.channel.unsaid.add('order');
    const b = new Tab(true, [rain, snow, hail, fog]);
    a.press();
    await settle();
    expect(b.elsewhere.value).toBe(true);
    b.press({ type: 'playNext', track: fog });
    await settle();
    expect(b.order).toEqual(['Rain', 'Fog', 'Snow', 'Hail']);
    expect(a.order).toEqual(['Rain', 'Snow', 'Hail', 'Fog']);
  });

  it('a queue command that reaches a tab which has just stopped goes on to the tab that plays now', async () => {
    const a = new Tab(true, [rain, snow, hail, fog]);
    const b = new Tab(true, [rain, snow, hail, fog]);
    const c = new Tab(true, [rain, snow, hail, fog]);
    a.press();
    await settle();
    // Play here in the second tab, and Play next in the third before it has heard of it.
    b.press();
    c.press({ type: 'playNext', track: fog });
    await settle();
    expect(b.playing).toBe(true);
    expect(b.order).toEqual(['Rain', 'Fog', 'Snow', 'Hail']);
    expect(a.order).toEqual(b.order);
    expect(c.order).toEqual(b.order);
    // The third tab's next command goes to the second, where the music is.
    c.press({ type: 'playNext', track: hail });
    await settle();
    expect(b.order).toEqual(['Rain', 'Hail', 'Fog', 'Snow']);
    expect(c.order).toEqual(b.order);
  });

  it('while no tab plays, the order changed in one tab is the one every tab goes on with', async () => {
    const a = new Tab(true, [rain, snow, hail, fog]);
    const b = new Tab(true, [rain, snow, hail, fog]);
    a.press();
    await settle();
    a.press();
    await settle();
    expect(a.playing || b.playing).toBe(false);
    b.press({ type: 'playNext', track: fog });
    await settle();
    expect(b.order).toEqual(['Rain', 'Fog', 'Snow', 'Hail']);
    expect(a.order).toEqual(b.order);
    a.press();
    await settle();
    expect(a.playing).toBe(true);
    expect(b.order).toEqual(['Rain', 'Fog', 'Snow', 'Hail']);
  });

  it('tells its order again only when it changes (a large library is a large message)', async () => {
    const a = new Tab(true, [rain, snow, hail, fog]);
    new Tab(true, [rain, snow, hail, fog]);
    a.press();
    await settle();
    const orders = () =>
      a.channel.said.filter((message) => (message as { kind: string }).kind === 'order').length;
    const before = orders();
    a.set({ queue: [rain, snow, hail, fog] });
    await settle();
    expect(orders()).toBe(before);
    a.set({ queue: [rain, hail, snow, fog] });
    await settle();
    expect(orders()).toBe(before + 1);
  });

  it('tells no order while no other tab is open', async () => {
    const a = new Tab();
    a.press();
    await settle();
    a.ownership.claims({ type: 'playNext', track: fog });
    a.set({ queue: [rain, fog, snow, hail] });
    await settle();
    expect(a.channel.said.map((message) => (message as { kind: string }).kind)).not.toContain(
      'order',
    );
  });

  it('sends the volume and mute given where the music does not play to the tab that plays, and keeps them here too', async () => {
    const a = new Tab();
    const b = new Tab();
    a.press();
    await settle();
    const given: PlayerCommand[] = [
      { type: 'volume', volume: 0.3 },
      { type: 'mute', muted: true },
    ];
    for (const command of given) expect(b.ownership.claims(command)).toBe(false);
    await settle();
    expect(a.performed).toEqual(given);
    expect(a.state.value).toMatchObject({ volume: 0.3, muted: true, playing: true });
    expect(b.playing).toBe(false);
    // A seek here is not the music's (this tab's position is its own), and where the music
    // plays, the volume is its own: nothing is sent.
    expect(b.ownership.claims({ type: 'seek', seconds: 7 })).toBe(false);
    expect(a.ownership.claims({ type: 'volume', volume: 1 })).toBe(false);
    await settle();
    expect(b.performed).toEqual([]);
  });

  it('a sleep timer that runs out where the music does not play fades it out where it plays', async () => {
    const a = new Tab();
    const b = new Tab();
    // Nothing plays: the timer's end is this tab's own.
    expect(b.ownership.sleepsElsewhere(10_000)).toBe(false);
    a.press();
    await settle();
    expect(a.ownership.sleepsElsewhere(10_000)).toBe(false);
    expect(b.ownership.sleepsElsewhere(10_000)).toBe(true);
    await settle();
    expect(a.slept).toEqual([10_000]);
    expect(b.slept).toEqual([]);
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

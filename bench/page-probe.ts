/**
 * Code that runs inside the measured page. Each exported function is serialised by
 * Playwright (addInitScript, evaluate, waitForFunction), so it must not use anything from
 * the module around it: the types are shared, the values are not.
 */

export interface LoadVitals {
  /** Milliseconds from navigation start, null when the page never painted content. */
  fcp: number | null;
  lcp: number | null;
  /** The largest session window of unexpected layout shifts (1 s gap, 5 s cap). */
  cls: number;
  /** Blocking time (the part of each long task beyond 50 ms) after FCP. */
  tbt: number;
}

export interface TabSwitchTiming {
  /** From the pointer press on the tab to the first frame painted with the tab's content. */
  ms: number;
  /** The tab showed its fallback (Retry) instead of the remote. */
  failed: boolean;
}

/** One Event Timing entry, as the probe keeps it. */
export interface EventTiming {
  name: string;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/** An interaction's latency, split the way INP is diagnosed. */
export interface InteractionTiming {
  /** The longest entry's duration; 0 when no entry reached the 16 ms threshold. */
  ms: number;
  event: string;
  /** From the input to its first handler. */
  inputDelay: number;
  /** The handlers themselves. */
  processing: number;
  /** From the handlers' end to the next frame. */
  presentation: number;
}

interface ProbeState {
  fcp: number | null;
  lcp: number | null;
  shifts: { value: number; startTime: number }[];
  longTasks: { startTime: number; duration: number }[];
  events: EventTiming[];
  tabSwitch: Promise<TabSwitchTiming> | null;
}

/** The fields of the entry types TypeScript's DOM library does not describe yet. */
interface ShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
interface EventEntry extends PerformanceEntry {
  interactionId?: number;
  processingStart: number;
  processingEnd: number;
}

declare global {
  interface Window {
    __loofiBench?: ProbeState;
  }
}

/** Installed before any script of the page: observers see every entry from the start. */
export function installProbe(): void {
  if (window.__loofiBench) return;
  const state: ProbeState = {
    fcp: null,
    lcp: null,
    shifts: [],
    longTasks: [],
    events: [],
    tabSwitch: null,
  };
  window.__loofiBench = state;
  const observe = (
    type: string,
    onEntry: (entry: PerformanceEntry) => void,
    extra: Record<string, unknown> = {},
  ) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
        ...extra,
      });
    } catch {
      // An entry type this browser does not support leaves its figure empty.
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    state.lcp = entry.startTime;
  });
  observe('layout-shift', (entry) => {
    const shift = entry as ShiftEntry;
    if (!shift.hadRecentInput)
      state.shifts.push({ value: shift.value, startTime: entry.startTime });
  });
  observe('longtask', (entry) => {
    state.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  });
  const onEvent = (entry: PerformanceEntry) => {
    const event = entry as EventEntry;
    state.events.push({
      name: entry.name,
      interactionId: event.interactionId ?? 0,
      startTime: entry.startTime,
      processingStart: event.processingStart,
      processingEnd: event.processingEnd,
      duration: entry.duration,
    });
  };
  observe('event', onEvent, { durationThreshold: 16 });
  observe('first-input', onEvent);
}

export function readVitals(): LoadVitals {
  const state = window.__loofiBench;
  if (!state) throw new Error('The bench probe is not installed in this page.');
  let cls = 0;
  let windowValue = 0;
  let windowStart = 0;
  let previous = -Infinity;
  for (const shift of [...state.shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.startTime;
    }
    windowValue += shift.value;
    previous = shift.startTime;
    cls = Math.max(cls, windowValue);
  }
  const fcp = state.fcp;
  let tbt = 0;
  if (fcp !== null) {
    for (const task of state.longTasks) {
      const end = task.startTime + task.duration;
      if (end <= fcp) continue;
      // A task that straddles FCP blocks only for its part after FCP (as Lighthouse counts).
      tbt += Math.max(0, end - Math.max(task.startTime, fcp) - 50);
    }
  }
  return { fcp, lcp: state.lcp, cls, tbt };
}

/** performance.now() of the page, to find the entries of what happens next. */
export function pageNow(): number {
  return performance.now();
}

/**
 * Waits until the page has painted what the last input caused, then a little more, so the
 * Event Timing entries of that input have reached the observer.
 */
export function settleAfterInput(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)));
  });
}

/**
 * The interaction's latency: the longest Event Timing entry of the interactions that began
 * after `since`, with its parts. Zero when no entry reached the 16 ms threshold.
 */
export function readInteraction(since: number): InteractionTiming {
  const state = window.__loofiBench;
  if (!state) throw new Error('The bench probe is not installed in this page.');
  const entries = state.events.filter(
    (entry) => entry.startTime >= since && entry.interactionId > 0,
  );
  const longest = entries.reduce<EventTiming | null>(
    (worst, entry) => (worst === null || entry.duration > worst.duration ? entry : worst),
    null,
  );
  if (!longest) return { ms: 0, event: '', inputDelay: 0, processing: 0, presentation: 0 };
  return {
    ms: longest.duration,
    event: longest.name,
    inputDelay: longest.processingStart - longest.startTime,
    processing: longest.processingEnd - longest.processingStart,
    presentation: longest.startTime + longest.duration - longest.processingEnd,
  };
}

/**
 * Whether a tab panel shows a remote's content: present, visible (the shell renders other
 * tabs ahead of time, hidden), no spinner, some text.
 */
export function panelReady(panelId: string | null): boolean {
  const panel = panelId
    ? document.getElementById(panelId)
    : [...document.querySelectorAll('[role="tabpanel"]')].find((candidate) =>
        candidate.checkVisibility(),
      );
  if (!panel || !panel.checkVisibility()) return false;
  if (panel.querySelector('[role="progressbar"]')) return false;
  return (panel.textContent ?? '').trim().length > 0;
}

/**
 * Arms the measurement of one tab switch: the next pointer press starts the clock, which
 * stops at the first frame painted after the tab's panel shows its remote's content.
 */
export function armTabSwitch(panelId: string | null): void {
  const state = window.__loofiBench;
  if (!state) throw new Error('The bench probe is not installed in this page.');
  const timeoutMs = 30_000;
  let pressedAt: number | null = null;
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressedAt = event.timeStamp;
    },
    { capture: true, once: true },
  );
  state.tabSwitch = new Promise<TabSwitchTiming>((resolve) => {
    const findPanel = () =>
      panelId ? document.getElementById(panelId) : document.querySelector('[role="tabpanel"]');
    const shown = () => {
      const panel = findPanel();
      // A panel rendered ahead of time is in the page, hidden, before the click.
      if (!panel || !panel.checkVisibility() || panel.querySelector('[role="progressbar"]')) {
        return null;
      }
      if ((panel.textContent ?? '').trim().length === 0) return null;
      const failed = [...panel.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === 'Retry',
      );
      return { failed };
    };
    const finish = (failed: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      const start = pressedAt ?? performance.now();
      // A frame callback runs just before the paint; a message posted from it runs after.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ ms: performance.now() - start, failed });
        channel.port2.postMessage(null);
      });
    };
    const check = () => {
      if (pressedAt === null) return;
      const result = shown();
      if (result) finish(result.failed);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve({ ms: timeoutMs, failed: true });
    }, timeoutMs);
  });
}

export function tabSwitchResult(): Promise<TabSwitchTiming> {
  const pending = window.__loofiBench?.tabSwitch;
  if (!pending) throw new Error('No tab switch was armed.');
  return pending;
}

export interface SeedOutcome {
  seeded: boolean;
  reason: string;
}

/**
 * Replaces the local backend's library (IndexedDB `loofi`, store `loofi-music`) with
 * `count` valid tracks, in one transaction. Only where that database already exists: the
 * probe must not create one in a copy that stores its library elsewhere.
 */
export async function seedLibrary(count: number): Promise<SeedOutcome> {
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === 'loofi')) {
    return { seeded: false, reason: 'no IndexedDB database "loofi" in this copy' };
  }
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('loofi');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
  });
  try {
    if (!db.objectStoreNames.contains('loofi-music')) {
      return { seeded: false, reason: 'no store "loofi-music" in IndexedDB "loofi"' };
    }
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction('loofi-music', 'readwrite');
      const store = transaction.objectStore('loofi-music');
      store.clear();
      const slugs = ['sunday-slow-coffee', 'rainy-window-study', 'moonlit-bus-ride'];
      for (let index = 0; index < count; index += 1) {
        const slug = slugs[index % slugs.length] ?? 'sunday-slow-coffee';
        store.add({
          title: `Bench track ${String(index + 1).padStart(5, '0')}`,
          author: `Bench artist ${(index % 97) + 1}`,
          // Each its own address: the player queues tracks by their audio, and a library of
          // 10,000 must queue 10,000 (the Queue's figure opens it).
          audio: `/demo/${slug}.wav?track=${index + 1}`,
          image: `/demo/${slug}.svg`,
        });
      }
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('seeding failed'));
    });
    return { seeded: true, reason: '' };
  } finally {
    db.close();
  }
}

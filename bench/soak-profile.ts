import { mkdir, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import type { SourceMapPayload } from 'node:module';
import path from 'node:path';
import type { CDPSession, Protocol } from 'puppeteer-core';

/** What the profile names instead of a script: the engine's own time, not the page's. */
const IDLE = new Set(['(idle)', '(root)']);
const TOP = 12;

/**
 * `LOOFI_SOAK_PROFILE=<dir>`: a CPU profile of each visible and hidden block of the soak (CDP
 * `Profiler`), written to `<dir>`, and the functions that held the main thread longest, named
 * by the builds' source maps. The sampling costs time itself: figures of a profiled run are
 * not the soak's.
 */
export class SoakProfiler {
  private readonly selfMs = {
    visible: new Map<string, number>(),
    hidden: new Map<string, number>(),
  };
  private readonly wallMs = { visible: 0, hidden: 0 };
  private readonly maps = new Map<string, Promise<SourceMap | null>>();
  private count = 0;
  private startedAt = 0;

  constructor(
    private readonly cdp: CDPSession,
    private readonly dir: string,
  ) {}

  async start() {
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await this.cdp.send('Profiler.start');
    this.startedAt = Date.now();
  }

  async stop(phase: 'visible' | 'hidden') {
    const { profile } = await this.cdp.send('Profiler.stop');
    this.wallMs[phase] += Date.now() - this.startedAt;
    this.count += 1;
    await mkdir(this.dir, { recursive: true });
    await writeFile(
      path.join(this.dir, `soak-${this.count}-${phase}.cpuprofile`),
      JSON.stringify(profile),
    );
    const totals = this.selfMs[phase];
    for (const [node, ms] of selfTimes(profile)) {
      const key = await this.name(node.callFrame);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    }
  }

  /** Per block kind: the functions with the most self time, in ms per minute of wall time. */
  report(): string[] {
    const lines: string[] = [];
    for (const phase of ['hidden', 'visible'] as const) {
      const minutes = this.wallMs[phase] / 60_000;
      if (minutes === 0) continue;
      const entries = [...this.selfMs[phase]].sort((a, b) => b[1] - a[1]);
      const total = entries.reduce((sum, [, ms]) => sum + ms, 0);
      lines.push(
        `  profile, ${phase} (${minutes.toFixed(1)} min): ${(total / minutes).toFixed(0)} ms/min sampled`,
      );
      for (const [name, ms] of entries.slice(0, TOP)) {
        lines.push(`    ${(ms / minutes).toFixed(1).padStart(7)} ms/min  ${name}`);
      }
    }
    return lines;
  }

  /** `function (source:line)`, the source read from the script's map when it has one. */
  private async name(frame: Protocol.Runtime.CallFrame): Promise<string> {
    const fn = frame.functionName || '(anonymous)';
    if (!frame.url) return fn;
    const map = await this.mapOf(frame.url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && 'originalSource' in entry) {
      const source = entry.originalSource.replace(/^webpack:\/\/[^/]*\//, '');
      return `${fn} (${source}:${entry.originalLine + 1})`;
    }
    return `${fn} (${frame.url}:${frame.lineNumber + 1})`;
  }

  private mapOf(url: string): Promise<SourceMap | null> {
    let map = this.maps.get(url);
    if (!map) {
      map = fetch(`${url}.map`)
        .then(async (response) =>
          response.ok ? new SourceMap((await response.json()) as SourceMapPayload) : null,
        )
        .catch(() => null);
      this.maps.set(url, map);
    }
    return map;
  }
}

/** Each node's self time (ms): a sample lasts until the next one. */
function selfTimes(profile: Protocol.Profiler.Profile): Map<Protocol.Profiler.ProfileNode, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<Protocol.Profiler.ProfileNode, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const node = byId.get(id);
    const next = deltas[index + 1];
    if (!node || next === undefined || IDLE.has(node.callFrame.functionName)) return;
    times.set(node, (times.get(node) ?? 0) + next / 1000);
  });
  return times;
}

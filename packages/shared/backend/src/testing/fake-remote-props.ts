import type { PlayerCommand, PublicConfig, RemoteProps, TabName, Track } from '@loofi/contracts';
import { createMemoryLibrary } from './memory-library';
import { createMemoryPreferences } from './memory-preferences';
import { createPlayerBus } from '@loofi/contracts/player';

export const FAKE_CONFIG: PublicConfig = {
  appName: 'loofi',
  version: '1.0.0-beta',
  links: {
    github: 'https://github.com/loofi/loofi',
    feedback: 'https://github.com/loofi/loofi/issues/new',
    changelog: 'https://github.com/loofi/loofi/releases',
    contributors: 'https://github.com/loofi/loofi/graphs/contributors',
  },
  jamendoApiUrl: 'https://api.jamendo.com/v3.0',
  scrapeProxyUrl: 'https://api.allorigins.win/get?url={url}',
};

/** Props for rendering a remote alone, plus what it asked of the world. */
export interface FakeRemoteProps extends RemoteProps {
  readonly dispatched: PlayerCommand[];
  readonly navigations: TabName[];
}

export function createFakeRemoteProps(
  options: { tracks?: readonly Track[]; config?: PublicConfig } = {},
): FakeRemoteProps {
  const player = createPlayerBus();
  const dispatched: PlayerCommand[] = [];
  const navigations: TabName[] = [];
  player.commands$.subscribe((command) => dispatched.push(command));
  return {
    player,
    library: createMemoryLibrary(options.tracks),
    preferences: createMemoryPreferences(),
    navigate: (tab) => navigations.push(tab),
    config: options.config ?? FAKE_CONFIG,
    dispatched,
    navigations,
  };
}

import type { ComponentType } from 'react';
import type { PublicConfig } from './config';
import type { LibraryPort } from './library';
import type { OfflineTracks } from './offline';
import type { PlayerBus } from './player';
import type { PreferencesStore } from './preferences';
import type { SharedLinks } from './shared-links';
import type { TabName } from './tab';

/**
 * The version of this mount contract. Its integer part is the major version: a host
 * mounts only remotes built against the same major. A minor (1.1, 1.2 …) may only add
 * optional props.
 *
 * 1.1: the preferences may carry `crossfade` and `normalize`, the config `audioOrigins`.
 * 1.2: the player bus says which commands it `accepts`, and takes the queue's (`playNext`,
 * `enqueue`, `dequeue`, `move`); the props may carry `offline`, the tracks kept offline.
 * 1.3: the player's state may carry `upNext`, the tracks that will play next, and
 * `buffering`, the current track waiting for data.
 * 1.4: the player's state may carry `currentKey`, the library key of the current entry,
 * and `focus`, the focus timer's session, which the commands `focusStart`, `focusPause`,
 * `focusResume`, `focusSkip` and `focusStop` drive.
 * 1.5: the preferences may carry `duringBreaks` and `focusChime`, what the focus timer's
 * breaks do to the music and its chime.
 * 1.6: the props may carry `shared`, the links shared into loofi, which Music opens in its
 * Add Music dialog.
 */
export const CONTRACT_VERSION = 1.6;

/** The first contract version whose remotes (Music) open `shared` links. */
export const SHARED_LINKS_SINCE = 1.6;

/** Everything a remote gets from the world. */
export interface RemoteProps {
  player: PlayerBus;
  library: LibraryPort;
  preferences: PreferencesStore;
  /** Ask the shell to change tab. */
  navigate(tab: TabName): void;
  config: PublicConfig;
  /** Tracks kept for offline listening (contract 1.2); absent where the shell cannot keep any. */
  offline?: OfflineTracks;
  /** Links shared into loofi, for Music (contract 1.6); absent from an earlier shell. */
  shared?: SharedLinks;
}

/** The default export of a remote's one exposed module, `./App`. */
export type RemoteApp = ComponentType<RemoteProps>;

/** The shape of a remote's `./App` module. */
export interface RemoteModule {
  default: RemoteApp;
  /** The contract version the remote was built against. */
  CONTRACT_VERSION: number;
}

function contractMajor(version: number): number {
  return Math.trunc(version);
}

/** Whether a host speaking `hostVersion` can mount a remote built against `remoteVersion`. */
export function isCompatibleContract(hostVersion: number, remoteVersion: number): boolean {
  return (
    Number.isFinite(remoteVersion) && contractMajor(hostVersion) === contractMajor(remoteVersion)
  );
}

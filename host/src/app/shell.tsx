import { Box } from '@loofi/ui-kit/base';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';
import { usePhoneLayout } from '@loofi/ui';
import { createAmbienceOnDemand } from '../features/ambience/ambience-on-demand';
import type { AuthService } from '../features/auth/auth-service';
import { LazyBetaEntry } from '../features/beta/lazy-beta-entry';
import { breakGain$ } from '../features/focus/break-gain';
import { createMiniPlayer } from '../features/mini-player/mini-player';
import { MiniPlayerSlot } from '../features/mini-player/mini-player-slot';
import { Sidebar } from '../features/navigation/sidebar';
import { useTabHistory } from '../features/navigation/use-tab-history';
import { LazyUpdateSnackbar } from '../features/offline/lazy-update-snackbar';
import { PlayerBar } from '../features/player/player-bar';
import { createSleepTimerOnDemand } from '../features/player/sleep-timer-on-demand';
import { PlayerControls } from '../features/player/player-controls';
import { installPlayerKeyboard } from '../features/player/player-keyboard';
import { startPlayer } from '../features/player/start-player';
import { ThemeBackdrop } from '../features/preferences/theme-backdrop';
import { TabPanels } from '../features/remotes/tab-panels';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { useIdlePreload } from '../features/remotes/use-idle-preload';
import { AccountMenu } from '../features/shell-chrome/account-menu';
import { installKeysSheetKey } from '../features/keys-sheet/keys-sheet-key';
import { useKeysSheet } from '../features/keys-sheet/use-keys-sheet';
import { useBottomChromeHeight } from '../features/shell-chrome/bottom-chrome';
import { SkipLink } from '../features/shell-chrome/skip-link';
import { useContentFollowsTab } from '../features/navigation/use-content-follows-tab';
import { useDockedNoticeStack } from '../features/notices/notice-stack';
import { TopBar } from '../features/shell-chrome/top-bar';
import { keptShare } from '../features/share/kept-share';
import { LazyShareReceiver } from '../features/share/lazy-share-receiver';
import { reportWebVitals } from '../features/vitals/report-web-vitals';
import type { HostConfig } from '../config/host-config';
import type { ConnectionStatus } from '../features/connection/connection-status';
import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import type {
  AmbienceSettingsStore,
  FocusSessionStore,
  ListeningSessionStore,
} from '@loofi/backend';
import type { SessionPorts } from './remote-props';
import { SHELL_GRID } from './shell-layout';

const MAIN_ID = 'main-content';

export interface ShellProps {
  loader: RemoteLoader;
  ports: SessionPorts;
  auth: AuthService;
  email: string;
  hostConfig: HostConfig;
  /** The offline notice's state, which follows the backend's connection while signed in. */
  connection: ConnectionStatus;
  connected$: Observable<boolean>;
  /** The owner's listening session in the backend, when it keeps one (Firebase). */
  listeningSession?: ListeningSessionStore;
  /** The owner's focus session in the backend, when it keeps one (Firebase). */
  focusSession?: FocusSessionStore;
  /** The owner's ambience settings in the backend, when it keeps them (Firebase). */
  ambienceSettings?: AmbienceSettingsStore;
}

/** The dashboard: top bar, sidebar, and the active tab's remote. */
export function Shell({
  loader,
  ports,
  auth,
  email,
  hostConfig,
  connection,
  connected$,
  listeningSession,
  focusSession,
  ambienceSettings,
}: ShellProps) {
  const navigation = useTabHistory();
  const phone = usePhoneLayout();
  const { activeTab, select } = navigation;
  // A press on a tab answers in its own frame with the sidebar; the panels follow in the
  // next, as a transition (revealing a tab restyles and lays out its whole content).
  const shownTab = useDeferredValue(activeTab);
  const props: RemoteProps = useMemo(() => ({ ...ports, navigate: select }), [ports, select]);
  // Re-renders as each remote arrives, so its panel is rendered ahead (hidden).
  useIdlePreload(loader);
  // A tab about to be opened (pointer over it, keyboard focus) starts loading its remote.
  const intent = useCallback(
    (tab: TabName) => void loader.load(tab).catch(() => undefined),
    [loader],
  );
  useEffect(() => connection.followBackend(connected$), [connection, connected$]);
  // The player lives as long as the signed-in shell: across every tab change. The sleep
  // timer holds it through controls that outlive each start (development mounts twice).
  const playerControls = useMemo(() => new PlayerControls(), []);
  const sleepTimer = useMemo(() => createSleepTimerOnDemand(playerControls), [playerControls]);
  // The ambience, like the music, plays on across tabs; its code comes when first opened.
  const ambience = useMemo(
    () =>
      createAmbienceOnDemand({
        sleepFades$: playerControls.sleepFades$,
        sleepStops$: playerControls.stoppedAtEndOfTrack$,
        breakGain$,
        ownerSettings: ambienceSettings,
      }),
    [playerControls, ambienceSettings],
  );
  // One player per browser: whether another tab plays, for the bar (outlives each start).
  const playingElsewhere = useMemo(() => new BehaviorSubject(false), []);
  // Where the browser can open a Picture-in-Picture window; its code comes when first used.
  const miniPlayer = useMemo(() => createMiniPlayer(), []);
  useEffect(
    () =>
      startPlayer({
        bus: ports.player,
        library: ports.library,
        preferences: ports.preferences,
        config: ports.config,
        controls: playerControls,
        listeningSession,
        focusSession,
        offline: ports.offline,
        playingElsewhere,
        miniPlayer,
      }),
    [ports, playerControls, listeningSession, focusSession, playingElsewhere, miniPlayer],
  );
  useEffect(
    () => installPlayerKeyboard(window, ports.player, () => ports.player.state, miniPlayer?.toggle),
    [ports.player, miniPlayer],
  );
  // Signing out stops a running sleep timer with the player.
  useEffect(() => () => sleepTimer.set('off'), [sleepTimer]);
  // Signing out ends the ambience, its Web Audio nodes and its subscriptions with it.
  useEffect(() => () => ambience.stop(), [ambience]);
  // Another tab took the music: this tab's ambience stops too, so one tab sounds at a time.
  useEffect(() => {
    const taken = playingElsewhere.subscribe((elsewhere) => elsewhere && ambience.pause());
    return () => taken.unsubscribe();
  }, [playingElsewhere, ambience]);
  // The vitals' code comes with the dashboard, never with the sign-in page.
  useEffect(() => reportWebVitals(), []);

  const main = useRef<HTMLElement>(null);
  // Notices at the bottom show above the player and a phone's tabs, never over them.
  const bottomChrome = useRef<HTMLDivElement>(null);
  useBottomChromeHeight(bottomChrome);
  // Every notice stacks above the player, in a row of its own: it covers no content.
  const noticeDock = useRef<HTMLDivElement>(null);
  useDockedNoticeStack(noticeDock);
  useContentFollowsTab(main, shownTab);

  // What a tab change does not touch keeps its element, so React skips it on a switch.
  const backdrop = useMemo(
    () => <ThemeBackdrop preferences={ports.preferences} />,
    [ports.preferences],
  );
  const keysSheet = useKeysSheet();
  const showKeys = keysSheet.show;
  useEffect(() => installKeysSheetKey(window, showKeys), [showKeys]);
  const account = useMemo(
    () => <AccountMenu email={email} onShowKeys={showKeys} onSignOut={() => void auth.signOut()} />,
    [email, auth, showKeys],
  );
  const playerBar = useMemo(
    () => (
      <PlayerBar
        player={ports.player}
        sleepTimer={sleepTimer}
        ambience={ambience}
        offline={ports.offline}
        playingElsewhere={playingElsewhere}
        miniPlayer={miniPlayer}
      />
    ),
    [ports.player, sleepTimer, ambience, ports.offline, playingElsewhere, miniPlayer],
  );
  // The service worker: offline use, and new versions that wait for a Reload.
  const updateSnackbar = useMemo(() => <LazyUpdateSnackbar />, []);
  // A link shared into loofi waits (features/share): its code comes only then.
  const [sharing] = useState(() => keptShare() !== null);

  // Rendered again only when the active tab changes, in the press's own frame: the panels'
  // render that follows (the tab's content) leaves it alone. MUI's Tabs measures its tabs
  // after each of its renders, which then forced the whole new tab's layout mid-commit.
  // The build's constant decides first: a build without Beta carries none of its entry.
  const betaEntry = useMemo(
    () =>
      __LOOFI_HOST_CONFIG__.beta.allowed && hostConfig.beta.allowed ? (
        <LazyBetaEntry betaUrl={hostConfig.beta.url} />
      ) : null,
    [hostConfig],
  );
  const sidebar = useMemo(
    () => (
      <Sidebar active={activeTab} onSelect={select} onIntent={intent} phone={phone}>
        {betaEntry}
      </Sidebar>
    ),
    [activeTab, select, intent, phone, betaEntry],
  );

  // On a phone the sidebar becomes a bottom navigation, under the player; elsewhere it is
  // the column left of the content.
  return (
    <Box sx={SHELL_GRID}>
      <SkipLink target={MAIN_ID} />
      {backdrop}
      <TopBar
        appName={ports.config.appName}
        githubUrl={ports.config.links.github}
        navigation={navigation}
        account={account}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'auto minmax(0, 1fr)',
          // The content and the sidebar scroll within their row, never under the player.
          gridTemplateRows: 'minmax(0, 1fr)',
          minHeight: 0,
        }}
      >
        {!phone && sidebar}
        <Box
          component="main"
          id={MAIN_ID}
          ref={main}
          tabIndex={-1}
          aria-label="Tab content"
          sx={{ p: { xs: 2, sm: 3 }, overflow: 'auto', '&:focus': { outline: 'none' } }}
        >
          <TabPanels activeTab={shownTab} loader={loader} props={props} />
        </Box>
      </Box>
      <Box>
        <Box ref={noticeDock} />
        <Box ref={bottomChrome}>
          {playerBar}
          {phone && sidebar}
        </Box>
      </Box>
      {miniPlayer && (
        <MiniPlayerSlot miniPlayer={miniPlayer} player={ports.player} sleepTimer={sleepTimer} />
      )}
      {updateSnackbar}
      {keysSheet.sheet}
      {sharing && (
        <LazyShareReceiver
          shared={ports.shared}
          navigate={select}
          loader={loader}
          config={ports.config}
        />
      )}
    </Box>
  );
}

import ForestIcon from '@mui/icons-material/Forest';
import { IconButton } from '@loofi/ui-kit/base';
import { memo, useId, useState } from 'react';
import { useObservable } from '@loofi/ui';
import { FullKitFailure, useFullKit } from '../full-kit/full-kit';
import { Hint } from '../shell-chrome/hint';
import type { AmbienceOnDemand, AmbiencePanelModule } from './ambience-on-demand';
import type { Ambience } from './start-ambience';

/**
 * The player's Ambience button, and the panel it opens. The panel, the engine and the kit it
 * is drawn with load on intent (pointing at, focusing or pressing the button), never with
 * the dashboard; the panel renders once its code is here.
 */
export const AmbienceButton = memo(function AmbienceButton({
  ambience,
}: {
  ambience: AmbienceOnDemand;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ module: AmbiencePanelModule; ambience: Ambience } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  const { state: kit, request } = useFullKit();
  const playing = useObservable(ambience.playing$, false);
  const panelId = useId();
  const prepare = () => {
    request();
    ambience.load().then(setLoaded, () => undefined);
  };
  const shown = open && kit.status === 'ready' && loaded !== null;
  const Panel = loaded?.module.AmbiencePanel;
  return (
    <>
      <Hint title="Ambience">
        <IconButton
          aria-label="Ambience"
          aria-haspopup="dialog"
          aria-expanded={shown}
          aria-controls={shown ? panelId : undefined}
          aria-busy={open && !shown && !failed}
          color={playing ? 'primary' : 'default'}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => {
            request();
            setFailed(false);
            setOpen(true);
            ambience.load().then(setLoaded, () => setFailed(true));
          }}
        >
          <ForestIcon />
        </IconButton>
      </Hint>
      {shown && Panel && loaded && kit.status === 'ready' && (
        <Panel
          id={panelId}
          kit={kit.value}
          ambience={loaded.ambience}
          onClose={() => setOpen(false)}
        />
      )}
      {open && (kit.status === 'failed' || failed) && (
        <FullKitFailure what="ambience" onClose={() => setOpen(false)} />
      )}
    </>
  );
});

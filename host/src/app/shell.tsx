import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { RemoteProps } from '@loofi/shared/contracts';
import { Sidebar, tabId, tabPanelId } from '../features/navigation/sidebar';
import { useActiveTab } from '../features/navigation/use-active-tab';
import { RemoteTab } from '../features/remotes/remote-tab';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import type { SessionPorts } from './remote-props';

/** The dashboard: top bar, sidebar, and the active tab's remote. */
export function Shell({ loader, ports }: { loader: RemoteLoader; ports: SessionPorts }) {
  const [activeTab, selectTab] = useActiveTab();
  const props: RemoteProps = useMemo(() => ({ ...ports, navigate: selectTab }), [ports, selectTab]);

  return (
    <Box sx={{ display: 'grid', gridTemplateRows: 'auto 1fr', height: '100dvh' }}>
      <AppBar position="static" color="transparent" elevation={0}>
        <Toolbar>
          <Typography variant="h6" component="p">
            {ports.config.appName}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', minHeight: 0 }}>
        <Sidebar active={activeTab} onSelect={selectTab} />
        <Box
          component="main"
          role="tabpanel"
          id={tabPanelId(activeTab)}
          aria-labelledby={tabId(activeTab)}
          sx={{ p: 3, overflow: 'auto' }}
        >
          <RemoteTab key={activeTab} tab={activeTab} loader={loader} props={props} />
        </Box>
      </Box>
    </Box>
  );
}

import { Typography } from '@loofi/ui-kit/base';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@loofi/ui-kit';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PeopleOutlineRounded from '@mui/icons-material/PeopleOutlineRounded';
import type { ComponentType } from 'react';
import { useId } from 'react';
import type { PublicConfig } from '@loofi/contracts';

const RESOURCES: readonly {
  label: string;
  link: keyof Pick<PublicConfig['links'], 'feedback' | 'changelog' | 'contributors'>;
  Icon: ComponentType;
}[] = [
  { label: 'Submit Feedback', link: 'feedback', Icon: FeedbackOutlined },
  { label: 'Change Log', link: 'changelog', Icon: HistoryRounded },
  { label: 'Contributors', link: 'contributors', Icon: PeopleOutlineRounded },
];

/** SPEC §2: the project's pages, each in a new tab. */
export function HelpfulResources({ links }: { links: PublicConfig['links'] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Helpful Resources
      </Typography>
      <span id={`${id}-new-tab`} hidden>
        Opens in a new tab
      </span>
      <List dense disablePadding>
        {RESOURCES.map(({ label, link, Icon }) => (
          <ListItem key={link} disablePadding>
            <ListItemButton
              component="a"
              href={links[link]}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={`${id}-new-tab`}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
              <OpenInNewRounded fontSize="small" sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </section>
  );
}

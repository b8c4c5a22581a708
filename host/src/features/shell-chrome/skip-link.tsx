import { Box } from '@loofi/ui-kit/base';

/**
 * The first stop of the keyboard: hidden until focused, it jumps past the top bar and the
 * sidebar to the tab's content.
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(event) => {
        // Focus, not only scroll: the next Tab then continues inside the content.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}

import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/** Phones and narrow windows: up to Mantine's `sm` breakpoint. */
export const narrowScreenQuery = '(max-width: 48em)';

/**
 * The one notices container of the page. On a wide screen notices sit at the top right, beside the
 * content; on a phone a notice is as wide as the screen, and at the top it would cover the header
 * and the page's title, so there it comes from the bottom.
 */
export function AppNotifications() {
  const narrow = useMediaQuery(narrowScreenQuery, false, { getInitialValueInEffect: false });
  return <Notifications position={narrow ? 'bottom-center' : 'top-right'} autoClose={5000} />;
}

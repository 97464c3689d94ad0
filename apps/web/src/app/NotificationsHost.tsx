import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear. Loaded after the first render (App.tsx): its transitions and
 * positioning are not needed before the first toast, and the first page is lighter without them.
 * `notifications.show` called earlier is kept in Mantine's store and shown once this mounts.
 */
export default function NotificationsHost() {
  return <Notifications position="top-center" />;
}

import { notifications } from '@mantine/notifications';
import { notifySuccess } from './notify';

/**
 * Puts `text` on the clipboard and says so in a notice (`copied`: its title and message). When the
 * browser refuses (no clipboard outside a secure page, or permission denied), the notice gives the
 * text itself to copy by hand. Resolves whether it was copied.
 */
export async function copyText(text: string, copied: { title: string; message: string }): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    notifySuccess(copied.message, copied.title);
    return true;
  } catch {
    notifications.show({
      color: 'red',
      title: 'Not copied',
      message: `The browser did not allow copying. Select and copy it by hand: ${text}`,
      autoClose: false,
    });
    return false;
  }
}

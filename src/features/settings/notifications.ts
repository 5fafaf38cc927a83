/**
 * Which notices the user wants: trade and system. Kept on this device:
 * they decide what this device shows, and there is no server setting for them yet.
 */
import { atomWithStorage } from 'jotai/utils';

export interface NotificationChoices {
  trade: boolean;
  system: boolean;
}

export const notificationsAtom = atomWithStorage<NotificationChoices>('notifications', { trade: true, system: true }, undefined, {
  getOnInit: true,
});

import { Bell, BellOff } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { setSoundEnabled, soundEnabled } from '../alert-settings';
import { useTicketAlerts } from '../hooks/use-ticket-alerts';

const noSubscription = () => () => {};
const permissionNow = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * The web console's alerts: turns browser notifications on (the browser asks
 * the staff member), the chime on or off, and shows how many alerts came in
 * while the tab was in the background.
 */
export function TicketAlertsControl() {
  const { unseen } = useTicketAlerts();
  const initial = useSyncExternalStore(noSubscription, permissionNow, () => 'unsupported' as const);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported' | null>(null);
  const current = permission ?? initial;
  const [sound, setSound] = useState(soundEnabled);

  return (
    <div role="group" className="flex flex-col gap-2 text-sm" aria-label="Alerts">
      {unseen > 0 ? (
        <p className="font-semibold text-amber-200" role="status">
          {unseen} new while you were away
        </p>
      ) : null}
      {current === 'default' ? (
        <Button
          type="button"
          size="sm"
          variant="outline-inverse"
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          <Bell className="h-4 w-4" aria-hidden="true" /> Turn on notifications
        </Button>
      ) : current === 'denied' ? (
        <p className="flex items-center gap-1 text-blue-100">
          <BellOff className="h-4 w-4" aria-hidden="true" /> Notifications are blocked in this browser
        </p>
      ) : current === 'granted' ? (
        <p className="flex items-center gap-1 text-blue-100">
          <Bell className="h-4 w-4" aria-hidden="true" /> Notifications on
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-blue-50">
        <input
          type="checkbox"
          checked={sound}
          onChange={(e) => {
            setSound(e.target.checked);
            setSoundEnabled(e.target.checked);
          }}
        />
        Sound for new enquiries and requests
      </label>
    </div>
  );
}

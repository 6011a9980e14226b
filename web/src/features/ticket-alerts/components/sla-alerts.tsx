import { X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ITEM_ALERTS, slaAlertIsFor } from '@shared/alert-kinds';
import { slaStaffEventKinds, type StaffEvent } from '@shared/schemas/staff-events';
import { useStaffEvents } from '@/lib/live/staff-events';

interface SlaAlert {
  key: string;
  title: string;
  body: string;
  path: string;
}

type SlaKind = (typeof slaStaffEventKinds)[number];
const isSla = (event: StaffEvent): event is StaffEvent & { kind: SlaKind } =>
  (slaStaffEventKinds as readonly string[]).includes(event.kind);

/**
 * The console's service-level alerts (decision 192): when a request or chat
 * goes at risk or breaches, the staff member holding it — or, when nobody
 * does, every support or admin member online — sees an alert that stays until
 * dismissed or opened, and a browser notification when they allowed them.
 */
export function SlaAlerts({ me }: { me: { id: string; staffRole: string | null } }) {
  const [alerts, setAlerts] = useState<SlaAlert[]>([]);
  const navigate = useNavigate();

  useStaffEvents(slaStaffEventKinds, (event) => {
    if (!event || !isSla(event) || !slaAlertIsFor(event.assigneeId, me)) return;
    const kind = ITEM_ALERTS[event.kind];
    const alert = {
      key: `${event.kind}:${event.id}`,
      title: kind.title,
      body: `${kind.fallbackBody} ${event.assigneeId ? 'You hold it.' : 'Nobody holds it yet.'}`,
      path: kind.path(event.id),
    };
    setAlerts((current) => [...current.filter((a) => a.key !== alert.key), alert].slice(-5));
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const notification = new Notification(alert.title, { body: alert.body, tag: alert.key });
      notification.onclick = () => {
        window.focus();
        navigate(alert.path);
        notification.close();
      };
    }
  });

  const dismiss = (key: string) => setAlerts((current) => current.filter((a) => a.key !== key));
  if (alerts.length === 0) return null;
  return (
    <div className="fixed right-4 top-4 z-40 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {alerts.map((alert) => (
        <div
          key={alert.key}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-white p-3 text-sm shadow-lg"
        >
          <div className="flex flex-1 flex-col gap-1">
            <p className="font-semibold text-red-800">{alert.title}</p>
            <p className="text-slate-700">{alert.body}</p>
            <Link className="font-semibold text-blue-700 underline" to={alert.path} onClick={() => dismiss(alert.key)}>
              Open it
            </Link>
          </div>
          <button
            type="button"
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label={`Dismiss: ${alert.title}`}
            onClick={() => dismiss(alert.key)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}

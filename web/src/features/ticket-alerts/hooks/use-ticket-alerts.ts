import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStaffEvents } from '@/lib/live/staff-events';
import { alertFor, TICKET_ALERT_KINDS } from '../alert-kinds';
import { playChime, soundEnabled } from '../alert-settings';

const pageHasFocus = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * New enquiries, requests, client replies and confirmed consultations, as the
 * web console tells staff about them: a browser notification once the staff
 * member allowed them (a click opens the item), an optional chime, and the
 * count of those not yet seen in the tab's title until the tab has the focus.
 */
export function useTicketAlerts(): { unseen: number } {
  const [unseen, setUnseen] = useState(0);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useStaffEvents(TICKET_ALERT_KINDS, (event) => {
    if (!event) return;
    const alert = alertFor(event);
    if (!alert) return;
    if (!pageHasFocus()) setUnseen((count) => count + 1);
    if (soundEnabled()) playChime();
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const notification = new Notification(alert.title, {
        body: 'Open the console to read it.',
        tag: `${event.kind}:${event.id}`,
      });
      notification.onclick = () => {
        window.focus();
        navigate(alert.path);
        notification.close();
      };
    }
  });

  // Seen once the tab has the focus again.
  useEffect(() => {
    const seen = () => {
      if (pageHasFocus()) setUnseen(0);
    };
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
    };
  }, []);

  // "(3) Enquiries | …" while something is unseen; the page's own title otherwise.
  useEffect(() => {
    const current = document.title.replace(/^\(\d+\) /, '');
    document.title = unseen > 0 ? `(${unseen}) ${current}` : current;
  }, [unseen, pathname]);

  return { unseen };
}

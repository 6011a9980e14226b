import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { ConsoleSettings } from '../../common/ipc-channels';
import { desktop } from '../bridge';

type Option = { key: keyof ConsoleSettings; label: string; hint: string };

const options: Option[] = [
  { key: 'sound', label: 'Play a sound', hint: 'Notifications make the system sound.' },
  { key: 'doNotDisturb', label: 'Do not disturb', hint: 'No notifications at all; the unread count still shows.' },
  {
    key: 'repeat',
    label: 'Remind me every 30 seconds',
    hint: 'New conversations alert again until someone opens them here.',
  },
  {
    key: 'startAtLogin',
    label: 'Open at login',
    hint: 'The console starts with your computer, in the tray, so chats notify from the start.',
  },
];

/** One switch per kind of notification (shared/src/alert-kinds.ts). */
const kindOptions: Option[] = [
  { key: 'chatAlerts', label: 'Chat messages', hint: 'New conversations and visitor messages.' },
  { key: 'orderAlerts', label: 'Paid orders', hint: 'An order was paid and waits to be fulfilled.' },
  { key: 'enquiryAlerts', label: 'Enquiries', hint: 'Someone sent the contact form.' },
  { key: 'serviceRequestAlerts', label: 'Service requests', hint: 'A client asked for a service.' },
  { key: 'clientReplyAlerts', label: 'Client replies', hint: 'A client wrote on their service request.' },
  {
    key: 'consultationAlerts',
    label: 'Consultations',
    hint: 'A consultation was paid, or a client confirmed its time.',
  },
  {
    key: 'slaAlerts',
    label: 'Service levels',
    hint: 'A request or chat you hold (or nobody holds) is at risk of missing its target, or missed it.',
  },
  {
    key: 'assignmentAlerts',
    label: 'Assigned to me',
    hint: 'A chat or service request was given to you, by someone or automatically.',
  },
];

function SettingSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 cursor-pointer accent-blue-700"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * Sound, do not disturb, the 30-second reminder, starting at login and which
 * kinds notify, kept by the main process.
 */
export function NotificationSettings({ initial }: { initial: ConsoleSettings }) {
  const [settings, setSettings] = useState(initial);
  const change = async (key: keyof ConsoleSettings, value: boolean) => {
    setSettings((current) => ({ ...current, [key]: value }));
    setSettings(await desktop.updateSettings({ [key]: value }));
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline-inverse" size="sm">
          <Bell className="h-4 w-4" aria-hidden="true" />
          {settings.doNotDisturb ? 'Do not disturb' : 'Notifications'}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Notification settings"
        description="How the console tells you about chats, orders, enquiries and requests."
      >
        <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
          {options.map((option) => (
            <SettingSwitch
              key={option.key}
              label={option.label}
              hint={option.hint}
              checked={settings[option.key]}
              onChange={(value) => void change(option.key, value)}
            />
          ))}
          <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4">
            <legend className="pt-4 text-sm font-bold text-navy-900">Notify me of</legend>
            {kindOptions.map((option) => (
              <SettingSwitch
                key={option.key}
                label={option.label}
                hint={option.hint}
                checked={settings[option.key]}
                onChange={(value) => void change(option.key, value)}
              />
            ))}
          </fieldset>
        </div>
      </DialogContent>
    </Dialog>
  );
}

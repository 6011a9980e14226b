import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { ConsoleSettings } from '../../common/ipc-channels';
import { desktop } from '../bridge';

const options: { key: keyof ConsoleSettings; label: string; hint: string }[] = [
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

/** Sound, do not disturb, the 30-second reminder and starting at login, kept by the main process. */
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
      <DialogContent title="Notification settings" description="How the console tells you about chats.">
        <div className="flex flex-col gap-4">
          {options.map((option) => (
            <SettingSwitch
              key={option.key}
              label={option.label}
              hint={option.hint}
              checked={settings[option.key]}
              onChange={(value) => void change(option.key, value)}
            />
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

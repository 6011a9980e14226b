import { Button } from '@/components/ui/button';
import { desktop } from '../bridge';
import { Screen, serverName } from './screen';

/** The server is down or not answering: say so, keep trying (the caller polls), offer a retry now. */
export function ServerUnreachable({
  serverUrl,
  retrying,
  onRetry,
}: {
  serverUrl: string;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <Screen
      title="Cannot reach the server"
      description={`${serverName(serverUrl)} is not answering. The console connects again by itself as soon as it is back.`}
    >
      <div className="flex flex-col gap-3">
        <p role="status" className="text-sm text-slate-600">
          {retrying ? 'Trying again…' : 'Waiting for the server…'}
        </p>
        <Button onClick={onRetry} disabled={retrying}>
          Try again now
        </Button>
        <Button variant="ghost" onClick={() => void desktop.setServer(null)}>
          Use another server
        </Button>
      </div>
    </Screen>
  );
}

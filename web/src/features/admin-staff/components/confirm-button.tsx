import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';

interface ConfirmButtonProps {
  /** The button in the row, e.g. "Deactivate". */
  label: string;
  /** Its accessible name when the label alone is ambiguous in a table ("Deactivate ada"). */
  ariaLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Runs the action; the dialog closes once it has settled. */
  onConfirm(close: () => void): void;
}

/** A row action that cannot be undone at a click: asked again in a dialog (focus moves in, and back on close). */
export function ConfirmButton(props: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={props.ariaLabel} disabled={props.disabled}>
          {props.label}
        </Button>
      </DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={props.pending} onClick={() => props.onConfirm(() => setOpen(false))}>
            {props.pending ? 'Working...' : props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

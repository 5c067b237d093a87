import { toast, UNDO_WINDOW_MS } from '@/lib/toast';
import { redactorStore } from '../store';

/**
 * "Choose another document" (options) and "Redact another document" (result): the upload screen starts clean, and
 * the toast's Undo brings the document back with its choices, to the screen the user left — the file never left the
 * tab, so undoing is free.
 */
export function chooseAnotherDocument({ toUpload, backTo }: { toUpload: () => void; backTo: () => void }) {
  const name = redactorStore.document()?.file.name;
  const undo = redactorStore.close();
  toUpload();
  if (!name) return;
  toast.message(`Closed ${name} and cleared its redaction choices.`, {
    duration: UNDO_WINDOW_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        if (undo()) backTo();
      },
    },
  });
}

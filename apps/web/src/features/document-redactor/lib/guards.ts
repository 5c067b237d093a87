import { redirect } from '@tanstack/react-router';
import { redactorStore } from '../store';

const backToUpload = () => redirect({ to: '/document-redactor', replace: true });

/** Spec §2: /document-redactor/options needs a selected file, else back to /document-redactor. */
export function requireDocument() {
  if (!redactorStore.selectedFile()) throw backToUpload();
}

/**
 * Spec §2: /document-redactor/result needs a redaction result, else back to /document-redactor: a stored run at
 * ?history_id= (the page sends an unknown id, or another tool's run, back too, once the run has loaded), or the run
 * just finished in this tab, whose id is then put in the address so a reload or a shared link reopens it.
 */
export function requireResult(historyId: string | undefined) {
  if (historyId) return;
  const finished = redactorStore.result();
  if (!finished) throw backToUpload();
  throw redirect({ to: '/document-redactor/result', search: { history_id: finished.historyId }, replace: true });
}

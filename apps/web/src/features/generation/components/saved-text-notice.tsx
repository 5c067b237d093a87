import { Link } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useRunQuote } from '@/features/tool-runs/components/run-cost-estimate';
import { storageKeys, writeStorage } from '@/lib/storage';
import { HUMANIZER } from '../api/generation';

/**
 * Out of tokens for this text: it stays saved in this tab while the user buys tokens; the confirmation page then
 * offers to come back and submit it (`/content-humanizer?submitSaved=true`).
 */
export function SavedTextNotice({ text }: { text: string }) {
  const quote = useRunQuote(HUMANIZER, text);
  if (quote.refusal?.kind !== 'over_balance') return null;
  return (
    <Alert variant="info">
      <Bookmark />
      <AlertTitle>Your text is kept while you buy tokens</AlertTitle>
      <AlertDescription>
        <p>
          Buy tokens and, once the payment goes through, come back from the confirmation page: your text is submitted as
          it is now.{' '}
          <Link
            to="/account"
            search={{ tab: 'subscription', buyMoreTokens: true }}
            className="font-medium underline underline-offset-4"
            onClick={() => writeStorage('session', storageKeys.pendingSubmit, 'humanizer')}
          >
            Buy tokens and come back
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

import { unreadLine, unreadTitle } from '@candor/contracts/plagiarism-wording';
import type { PlagiarismUnreadSource } from '@candor/contracts/tools';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The named web pages the check could not read, each with why: the report above them leaves them out. */
export function UnreadSourcesNotice({ unread }: { unread: readonly PlagiarismUnreadSource[] }) {
  const titleId = useId();
  const title = unreadTitle({ unread_sources: unread });
  if (!title) return null;
  return (
    <Alert variant="warning" aria-labelledby={titleId}>
      <TriangleAlert />
      <AlertTitle id={titleId}>{title}</AlertTitle>
      <AlertDescription>
        <p>{unreadLine({ unread_sources: unread })}</p>
        <ul aria-label="Web pages not read" className="grid w-full gap-1.5">
          {unread.map((source) => (
            <li key={source.url} className="min-w-0">
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                dir="ltr"
                className="block break-all font-medium text-foreground underline-offset-2 hover:underline"
              >
                {source.url}
              </a>{' '}
              <span className="block">{source.reason}</span>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

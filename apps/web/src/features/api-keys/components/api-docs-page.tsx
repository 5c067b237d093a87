import { Link } from '@tanstack/react-router';
import BookOpen from 'lucide-react/icons/book-open';
import Rocket from 'lucide-react/icons/rocket';
import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiBaseUrl } from '../api/api-base';
import { ExamplesPanel } from './examples-panel';

// The renderer is large: it loads with this page only, after the page itself has drawn.
const ApiReference = lazy(() => import('./api-reference'));

const facts = [
  { term: 'Base URL', detail: () => <code className="break-all">{apiBaseUrl()}/v1</code> },
  {
    term: 'Authentication',
    detail: () => (
      <>
        <code>Authorization: Bearer &lt;key&gt;</code> or <code>x-api-key</code>
      </>
    ),
  },
  { term: 'Idempotency', detail: () => <code>Idempotency-Key</code> },
  {
    term: 'Errors',
    detail: () => <code>{'{ "error": { "type", "code", "message", "param", "request_id" } }'}</code>,
  },
];

/** `/api-agent-doc`: the reference, rendered from the OpenAPI document, with ready-to-run examples. */
export function ApiDocsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="API reference"
        description="Every Candor tool over HTTP: the same results, charges and History as the screens."
        icon={BookOpen}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.3fr]">
        <Card>
          <CardHeader>
            <CardTitle>At a glance</CardTitle>
            <CardDescription>
              Keys are made on your account page.{' '}
              <Link
                to="/account"
                search={{ tab: 'api-agent' }}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Manage keys
              </Link>{' '}
              ·{' '}
              <a
                href={`${apiBaseUrl()}/openapi.json`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                OpenAPI 3.1 document
              </a>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              {facts.map(({ term, detail: Detail }) => (
                <div key={term} className="grid gap-1">
                  <dt className="text-muted-foreground text-xs">{term}</dt>
                  <dd className="text-xs">
                    <Detail />
                  </dd>
                </div>
              ))}
            </dl>
            <Button asChild variant="outline" size="sm" className="mt-4">
              <Link to="/api-agent-doc-new">
                <Rocket />
                Guided first request
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your first call</CardTitle>
            <CardDescription>Detect AI in a text. Put your key in CANDOR_API_KEY.</CardDescription>
          </CardHeader>
          <CardContent>
            <ExamplesPanel />
          </CardContent>
        </Card>
      </div>
      <section aria-label="Endpoints" className="overflow-hidden rounded-xl border bg-card">
        <Suspense fallback={<Skeleton className="h-[60vh] w-full" aria-label="Loading the reference" />}>
          <ApiReference />
        </Suspense>
      </section>
    </div>
  );
}

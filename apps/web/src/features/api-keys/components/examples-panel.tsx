import { useQuery } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiBaseUrl } from '../api/api-base';
import { apiKeysQueryOptions } from '../api/api-keys.queries';
import { CodeBlock } from './code-block';
import { curlExample, type ExampleInput, javascriptExample, pythonExample } from './code-examples';

export const SAMPLE_TEXT =
  'The quarterly report shows steady growth across all regions. Revenue rose by eight percent, driven mostly by ' +
  'new customers in the enterprise segment, while costs stayed flat thanks to the automation work finished in spring. ' +
  'The team expects the trend to continue into the next quarter, with two product launches planned for October.';

/** The key shown in examples: the newest key's prefix, or where a key goes. */
export function useExampleKey(): string {
  const { data } = useQuery(apiKeysQueryOptions());
  const newest = data?.items[0];
  return newest ? `${newest.prefix}…${newest.last_four}` : 'cnd_live_…';
}

/** curl, JavaScript and Python for one call, with the reader's base URL and key. */
export function ExamplesPanel({ tool = 'ai-detection', text = SAMPLE_TEXT }: { tool?: string; text?: string }) {
  const key = useExampleKey();
  const input: ExampleInput = { baseUrl: apiBaseUrl(), key, tool, text };
  return (
    <Tabs defaultValue="curl" className="gap-3">
      <TabsList aria-label="Language">
        <TabsTrigger value="curl">curl</TabsTrigger>
        <TabsTrigger value="javascript">JavaScript</TabsTrigger>
        <TabsTrigger value="python">Python</TabsTrigger>
      </TabsList>
      <TabsContent value="curl">
        <CodeBlock code={curlExample(input)} label="curl example" />
      </TabsContent>
      <TabsContent value="javascript">
        <CodeBlock code={javascriptExample(input)} label="JavaScript example" />
      </TabsContent>
      <TabsContent value="python">
        <CodeBlock code={pythonExample(input)} label="Python example" />
      </TabsContent>
    </Tabs>
  );
}

import { ApiKeysCard } from './api-keys-card';
import { WebhookCard } from './webhook-card';

/** `/account?tab=api-agent`: the account's keys and its webhook. */
export function ApiKeysTab() {
  return (
    <div className="space-y-6">
      <ApiKeysCard />
      <WebhookCard />
    </div>
  );
}

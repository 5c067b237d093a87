import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Mail from 'lucide-react/icons/mail';
import { PageHeader } from '@/components/layout/page-header';
import { ContactForm } from '@/features/contact/components/contact-form';
import { titleHead } from '@/lib/head';
import { contactSearchSchema } from '@/lib/search-params';
import { userInfoQueryOptions } from '@/lib/session';

export const Route = createFileRoute('/_app/contact-us')({
  validateSearch: contactSearchSchema,
  head: titleHead('Contact us'),
  component: ContactRoute,
});

function ContactRoute() {
  const { source } = Route.useSearch();
  const { data: user } = useQuery(userInfoQueryOptions());
  return (
    <div>
      <PageHeader
        title="Contact us"
        description="Questions, a demo for your team, or a custom plan: we would love to hear from you."
        icon={Mail}
      />
      {/* Keyed by user so the prefill follows a late-loading user. */}
      <ContactForm key={user?.id ?? 'anonymous'} user={user} source={source} />
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import Mail from 'lucide-react/icons/mail';
import { ComingSoonPage } from '@/components/layout/coming-soon';
import { titleHead } from '@/lib/head';
import { contactSearchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_app/contact-us')({
  validateSearch: contactSearchSchema,
  head: titleHead('Contact us'),
  component: () => (
    <ComingSoonPage
      title="Contact us"
      description="Questions, a demo for your team, or a custom plan: we would love to hear from you."
      icon={Mail}
    />
  ),
});

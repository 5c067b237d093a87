import { type ContactRequestCreated, type ContactRequestInput, contactRequestCreatedSchema } from '@candor/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const sendContactRequest = (input: ContactRequestInput): Promise<ContactRequestCreated> =>
  parseJson(api.auth.post('contact-requests', { json: input }), contactRequestCreatedSchema);

// The form shows its errors inline, so the global toast stays quiet.
export const useSendContactRequest = () => useMutation({ mutationFn: sendContactRequest, meta: { errorToast: false } });

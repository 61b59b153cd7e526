import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_MESSAGES, type PasskeyItem } from '@cloud9/contracts';
import { addPasskey, fetchPasskeys, removePasskey } from '../api/passkeys';

const passkeysKey = ['passkeys'] as const;

/** The signed-in account's passkeys, oldest first. */
export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }): Promise<PasskeyItem[]> => (await fetchPasskeys(signal)).items,
    meta: { failureMessage: PASSKEY_MESSAGES.listFailed },
  });

/** Adds a passkey (the device asks its owner); it joins the list. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (added) => queryClient.setQueryData<PasskeyItem[]>(passkeysKey, (items = []) => [...items.filter((p) => p.id !== added.id), added]),
  });
}

/** Removes a passkey: it leaves the list at once, and comes back if the server refuses. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onMutate: (id: number) => {
      const before = queryClient.getQueryData<PasskeyItem[]>(passkeysKey);
      queryClient.setQueryData<PasskeyItem[]>(passkeysKey, (items) => items?.filter((p) => p.id !== id));
      return { before };
    },
    onError: (_err, _id, context) => {
      if (context?.before) queryClient.setQueryData(passkeysKey, context.before);
    },
  });
}

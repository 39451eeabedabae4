import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { replaceSessionUser } from './get-user';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/**
 * SPEC §4 Auth: logout sets the current user to null. Every other cached
 * read is dropped too, so nothing a staff member saw stays in memory for
 * whoever uses the browser next. The toasts are SPEC §8's; they are raised
 * here rather than in a mutate() callback because clearing the user
 * unmounts the admin that called it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      replaceSessionUser(queryClient, null);
      toast({ title: 'Success', description: 'Logged out successfully' });
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(err) }),
  });
}

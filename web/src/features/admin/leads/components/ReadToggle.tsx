import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-errors';
import type { Lead } from '../api/list-leads';
import { useUpdateLead } from '../api/update-lead';
import { leadName } from '../utils/lead-labels';

type ReadToggleProps = {
  lead: Lead;
  /** The small variant of the list rows. */
  compact?: boolean;
  onChanged?: (lead: Lead) => void;
};

/** Marks a lead read or unread: staff decide, opening a lead does not. */
export function ReadToggle({ lead, compact = false, onChanged }: ReadToggleProps) {
  const update = useUpdateLead();
  const name = leadName(lead);
  const next = !lead.isRead;
  const label = next ? (compact ? 'Mark read' : 'Mark as read') : compact ? 'Mark unread' : 'Mark as unread';
  return (
    <button
      type="button"
      className={`button ${compact ? 'button--small' : next ? 'button--primary' : ''}`.trim()}
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          { id: lead.id, isRead: next },
          {
            onSuccess: (saved) => onChanged?.(saved),
            onError: (err) =>
              toast({
                variant: 'destructive',
                title: 'Error',
                description: serverMessage(err) ?? 'Failed to update the lead',
              }),
          },
        )
      }
    >
      {update.isPending ? 'Saving…' : label}
      {compact && <span className="visually-hidden"> {name}</span>}
    </button>
  );
}

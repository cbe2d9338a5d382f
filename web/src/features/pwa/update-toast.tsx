import { ToastAction } from '../../components/ui/toast.js';
import { toast } from '../../lib/toast.js';

/** "New version available — reload": stays until the user reloads or closes it. */
export function showUpdateToast(reload: () => void): void {
  toast({
    title: 'New version available',
    description: 'Reload to use the latest SnapNotes.',
    duration: Infinity,
    action: (
      <ToastAction altText="Reload to use the new version" onClick={reload}>
        Reload
      </ToastAction>
    ),
  });
}

import { useId, useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';
import { errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';

/** The right to deletion (privacy policy): the account, its notes and images, after a confirmation. */
export function DeleteAccountCard() {
  const { deleteAccount } = useAuth();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const online = useOnline();
  const offlineId = useId();
  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      setDeleting(false);
      setOpen(false);
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: errorMessage(error, 'Failed to delete your account. Please try again.'),
      });
    }
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Permanently delete your SnapNotes account with all its notes and images. Your Google account is not affected.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button
              variant="outline"
              className="border-destructive/50 text-destructive hover:bg-destructive/10"
              disabled={!online}
              aria-describedby={online ? undefined : offlineId}
            >
              <Trash2 aria-hidden="true" />
              Delete account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                All your notes, uploaded images and statistics will be permanently deleted. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={deleting || !online} onClick={() => void confirm()}>
                {deleting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {deleting ? 'Deleting...' : 'Delete account'}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
        {!online ? <OfflineReason id={offlineId}>{OFFLINE_REASONS.deleteAccount}</OfflineReason> : null}
      </CardContent>
    </Card>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArrowLeft, BarChart3, Crown, Download, Loader2, LogOut, MessageSquare, Trash2 } from 'lucide-react';
import { SiteFooter } from '../../components/site-footer.js';
import { SiteHeader } from '../../components/site-header.js';
import { UpgradePanel } from '../../components/upgrade-panel.js';
import { UserAvatar } from '../../components/user-avatar.js';
import { UserMenu } from '../../components/user-menu.js';
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
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/auth.js';
import { useRuntimeConfig } from '../../lib/runtime.js';
import { isStandInUser } from '../../lib/server-user.js';
import { toast } from '../../lib/toast.js';
import { fetchAllNotes, useQuota, useStatistics, useSubscription } from '../../lib/user-data.js';
import { formatDate, formatNumber } from '../../lib/utils.js';
import { downloadText, notesToJson, notesToMarkdown } from './export.js';
import { LanguagesCard } from './languages-card.js';

function StatTile({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">
        {loading ? <Skeleton className="h-8 w-16" /> : formatNumber(value ?? 0)}
      </dd>
    </div>
  );
}

function SubscriptionCard({ userId }: { userId: number }) {
  const config = useRuntimeConfig();
  const { data: subscription } = useSubscription(userId);
  const { data: quota } = useQuota(userId);
  const [showPlans, setShowPlans] = useState(false);
  const active = subscription?.hasActiveSubscription === true || quota?.hasSubscription === true;
  const periodEnd = formatDate(subscription?.subscription?.currentPeriodEnd);
  const cancelling = subscription?.subscription?.cancelAtPeriodEnd === true;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-4" aria-hidden="true" />
          Plan
        </CardTitle>
        <CardDescription>Your current plan and upload allowance.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {active ? (
          <div className="space-y-1">
            <p className="flex items-center gap-2 font-medium">
              <Badge variant="brand">Premium</Badge>
              Unlimited uploads
            </p>
            {periodEnd ? (
              <p className="text-sm text-muted-foreground">
                {cancelling ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="space-y-1">
              <p className="flex items-center gap-2 font-medium">
                <Badge variant="secondary">Free</Badge>
                {quota
                  ? `${Math.max(0, quota.remainingUploads)} of ${quota.limit ?? config.freeUploadsPerMonth} uploads left this month`
                  : 'Limited uploads'}
              </p>
            </div>
            {!showPlans ? (
              <Button variant="brand" onClick={() => setShowPlans(true)}>
                Upgrade
              </Button>
            ) : null}
          </div>
        )}
        {showPlans && !active ? <UpgradePanel onDismiss={() => setShowPlans(false)} /> : null}
      </CardContent>
    </Card>
  );
}

type ExportFormat = 'markdown' | 'json';

/** Exports every note: the whole list is fetched when asked for (the notes page only loads pages of it). */
function ExportCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const statistics = useStatistics(userId);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const empty = statistics.data?.totalNotes === 0;
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const notes = await fetchAllNotes(queryClient, userId);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'markdown') {
        downloadText(`snapnotes-${stamp}.md`, notesToMarkdown(notes), 'text/markdown');
      } else {
        downloadText(`snapnotes-${stamp}.json`, notesToJson(notes), 'application/json');
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: errorMessage(error, 'Could not load your notes. Please try again.'),
      });
    } finally {
      setExporting(null);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download className="size-4" aria-hidden="true" />
          Export your notes
        </CardTitle>
        <CardDescription>Download a copy of all your notes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={statistics.isPending || empty || exporting !== null}
          onClick={() => void exportAs('markdown')}
        >
          {exporting === 'markdown' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Export as Markdown
        </Button>
        <Button
          variant="outline"
          disabled={statistics.isPending || empty || exporting !== null}
          onClick={() => void exportAs('json')}
        >
          {exporting === 'json' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Export as JSON
        </Button>
      </CardContent>
    </Card>
  );
}

/** The right to deletion (privacy policy): the account, its notes and images, after a confirmation. */
function DeleteAccountCard() {
  const { deleteAccount } = useAuth();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
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
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10">
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
              <Button variant="destructive" disabled={deleting} onClick={() => void confirm()}>
                {deleting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {deleting ? 'Deleting...' : 'Delete account'}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

/** /settings (SPEC §2): profile, usage statistics, plan, languages, export, feedback link and sign-out. */
export function SettingsPage() {
  const { user, logout } = useAuth();
  const statistics = useStatistics(user?.id);

  if (!user) return <PageSpinner label="Loading your settings" />;
  const limited = isStandInUser(user);

  return (
    <>
      <SiteHeader maxWidth="max-w-3xl" logoTo="/app">
        <UserMenu />
      </SiteHeader>
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-3">
          <Button variant="ghost" size="sm" asChild className="-ml-2">
            <Link to="/app">
              <ArrowLeft aria-hidden="true" />
              Back to App
            </Link>
          </Button>
          <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardContent className="flex items-center gap-4">
            <UserAvatar user={user} className="size-16 text-lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold">{user.displayName || user.username}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <BarChart3 className="size-4" aria-hidden="true" />
              Usage statistics
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <StatTile
                label="Total Notes Created"
                value={statistics.data?.totalNotes}
                loading={!limited && statistics.isPending}
              />
              <StatTile
                label="Total Words Processed"
                value={statistics.data?.totalWords}
                loading={!limited && statistics.isPending}
              />
            </dl>
          </CardContent>
        </Card>

        {!limited ? <SubscriptionCard userId={user.id} /> : null}
        {!limited ? <LanguagesCard user={user} /> : null}
        {!limited ? <ExportCard userId={user.id} /> : null}

        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
            <CardDescription>Tell us what you think, or sign out of SnapNotes on this device.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to="/feedback">
                <MessageSquare aria-hidden="true" />
                Send Feedback
              </Link>
            </Button>
            <Button variant="destructive" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </CardContent>
        </Card>
        {!limited ? <DeleteAccountCard /> : null}
      </main>
      <SiteFooter maxWidth="max-w-3xl" />
    </>
  );
}

import { Link } from 'react-router-dom';
import { BarChart3, LogOut, MessageSquare } from 'lucide-react';
import type { User } from '@snapnotes/contracts';
import { UserAvatar } from '../../components/user-avatar.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useStatistics } from '../../lib/user-data.js';
import { formatNumber } from '../../lib/utils.js';

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

/** The signed-in user's picture, name and email. */
export function ProfileCard({ user }: { user: User }) {
  return (
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
  );
}

/** Notes and words so far (SPEC §2's usage statistics). */
export function UsageCard({ user }: { user: User }) {
  const limited = isStandInUser(user);
  const statistics = useStatistics(user.id);
  return (
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
  );
}

/** The feedback link and sign-out. */
export function AccountCard() {
  const { logout } = useAuth();
  return (
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
  );
}

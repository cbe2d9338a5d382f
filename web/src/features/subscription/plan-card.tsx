import { useId, useState } from 'react';
import { Crown } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';
import { useRuntimeConfig } from '../../lib/runtime.js';
import { useQuota, useSubscription } from '../../lib/user-data.js';
import { formatDate } from '../../lib/utils.js';
import { UpgradePanel } from './upgrade-panel.js';

/** Settings' plan card: Premium with its renewal date, or Free with the uploads left and the plans on demand. */
export function PlanCard({ userId }: { userId: number }) {
  const config = useRuntimeConfig();
  const { data: subscription } = useSubscription(userId);
  const { data: quota } = useQuota(userId);
  const [showPlans, setShowPlans] = useState(false);
  const online = useOnline();
  const offlineId = useId();
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
              <Button
                variant="brand"
                onClick={() => setShowPlans(true)}
                disabled={!online}
                aria-describedby={online ? undefined : offlineId}
              >
                Upgrade
              </Button>
            ) : null}
          </div>
        )}
        {!online && !active && !showPlans ? (
          <OfflineReason id={offlineId}>{OFFLINE_REASONS.subscribe}</OfflineReason>
        ) : null}
        {showPlans && !active ? <UpgradePanel onDismiss={() => setShowPlans(false)} /> : null}
      </CardContent>
    </Card>
  );
}

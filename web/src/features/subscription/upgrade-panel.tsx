import { useId, useState } from 'react';
import { Check, Crown, Loader2 } from 'lucide-react';
import { useCheckout } from './checkout.js';
import { DEFAULT_PLAN, isPlanType, PLANS, PREMIUM_FEATURES, type PlanType } from './plans.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';

export interface UpgradePanelProps {
  /** 'Maybe Later' handler; the button is hidden when absent. */
  onDismiss?: () => void;
  title?: string;
  description?: string;
}

/** Premium plans (SPEC §4, §9): annual tab by default, checkout through the server. */
export function UpgradePanel({
  onDismiss,
  title = 'Upgrade to Premium',
  description = 'Get unlimited uploads, priority processing and enhanced summaries.',
}: UpgradePanelProps) {
  const [plan, setPlan] = useState<PlanType>(DEFAULT_PLAN);
  const { startCheckout, pendingPlan } = useCheckout();
  const online = useOnline();
  const offlineId = useId();

  return (
    <Card className="border-brand/40" aria-labelledby="upgrade-panel-title" role="region">
      <CardHeader>
        <CardTitle id="upgrade-panel-title" className="flex items-center gap-2 text-lg">
          <Crown className="size-5 text-brand" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={plan} onValueChange={(value) => isPlanType(value) && setPlan(value)}>
          <TabsList className="w-full sm:w-auto" aria-label="Billing period">
            <TabsTrigger value="monthly">{PLANS.monthly.label}</TabsTrigger>
            <TabsTrigger value="annual">{PLANS.annual.label}</TabsTrigger>
          </TabsList>
          {(['monthly', 'annual'] as const).map((type) => {
            const details = PLANS[type];
            return (
              // Not a Tab stop of its own: the panel's subscribe button is the next stop after the tabs.
              <TabsContent key={type} value={type} className="pt-2" tabIndex={-1}>
                <div className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="space-y-1">
                    <p className="flex items-baseline gap-1">
                      <span className="text-3xl font-bold tracking-tight">{details.price}</span>
                      <span className="text-muted-foreground">{details.period}</span>
                      {type === 'annual' ? (
                        <Badge variant="brand" className="ml-2">
                          {PLANS.annual.badge}
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">{details.note}</p>
                    <ul className="mt-3 space-y-1.5 text-sm">
                      {PREMIUM_FEATURES.map((feature) => (
                        <li key={feature} className="flex items-center gap-2">
                          <Check className="size-4 text-success" aria-hidden="true" />
                          {feature}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <Button
                    variant="brand"
                    size="lg"
                    onClick={() => void startCheckout(type)}
                    disabled={pendingPlan !== null || !online}
                    aria-describedby={online ? undefined : offlineId}
                  >
                    {pendingPlan === type ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {pendingPlan === type ? 'Redirecting...' : details.cta}
                  </Button>
                </div>
              </TabsContent>
            );
          })}
        </Tabs>
        {!online ? (
          <OfflineReason id={offlineId} className="mt-3">
            {OFFLINE_REASONS.subscribe}
          </OfflineReason>
        ) : null}
      </CardContent>
      {onDismiss ? (
        <CardFooter className="justify-end">
          <Button variant="ghost" onClick={onDismiss}>
            Maybe Later
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}

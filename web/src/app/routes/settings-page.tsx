import { PageShell } from '../../components/page-shell.js';
import { UserMenu } from '../../components/user-menu.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { DeleteAccountCard } from '../../features/auth/delete-account-card.js';
import { ExportCard } from '../../features/notes/export-card.js';
import { LanguagesCard } from '../../features/settings/languages-card.js';
import { AccountCard, ProfileCard, UsageCard } from '../../features/settings/profile-cards.js';
import { PlanCard } from '../../features/subscription/plan-card.js';
import { isStandInUser, useAuth } from '../../lib/session.js';

/**
 * /settings (SPEC §2): profile, usage statistics, plan, languages, export, feedback link and sign-out, and account
 * deletion; each card comes from the feature that owns it. A stand-in user (the server could not load the account)
 * sees only what needs no account.
 */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner label="Loading your settings" />;
  const limited = isStandInUser(user);

  return (
    <PageShell logoTo="/app" actions={<UserMenu />} back={{ to: '/app', label: 'Back to App' }} className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <ProfileCard user={user} />
      <UsageCard user={user} />
      {!limited ? <PlanCard userId={user.id} /> : null}
      {!limited ? <LanguagesCard user={user} /> : null}
      {!limited ? <ExportCard userId={user.id} /> : null}
      <AccountCard />
      {!limited ? <DeleteAccountCard /> : null}
    </PageShell>
  );
}

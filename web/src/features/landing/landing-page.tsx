import { Link, useSearchParams } from 'react-router-dom';
import { ImageUp, Share2, Sparkles } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { SHARE_PARAM } from '../../lib/share-target.js';
import { SignInCard } from './sign-in-card.js';

const FEATURES = [
  {
    icon: ImageUp,
    title: 'Import Images',
    text: 'Upload screenshots and photos of text with just a few taps.',
  },
  {
    icon: Sparkles,
    title: 'AI Summaries',
    text: 'Get concise titles, key points and detailed summaries automatically.',
  },
  {
    icon: Share2,
    title: 'Easy Sharing',
    text: 'Share your notes with one click.',
  },
] as const;

export type LandingTab = 'login' | 'signup';

/** ?tab=signup selects the signup tab; any other value selects login (SPEC §2). */
export function tabFromQuery(value: string | null): LandingTab {
  return value === 'signup' ? 'signup' : 'login';
}

export function LandingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));
  // A screenshot shared from the phone's share sheet while signed out (app/guards.tsx keeps the parameter).
  const sharing = searchParams.has(SHARE_PARAM);

  return (
    <PageShell
      width="full"
      actions={
        <Button variant="ghost" asChild>
          <Link to="/about">About</Link>
        </Button>
      }
      // A phone shows the headline, then the sign-in card, in its first screen (issue 23): the features follow.
      // From md up, two columns: the headline and the features on the left, the card on the right.
      className="grid items-center gap-6 py-6 md:grid-cols-[1.15fr_1fr] md:grid-rows-[auto_auto] md:gap-x-10 md:gap-y-8 md:py-16"
    >
      <div className="space-y-3 md:col-start-1 md:row-start-1 md:self-end md:space-y-4">
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          Convert images to notes — in seconds.
        </h1>
        <p className="max-w-prose text-muted-foreground sm:text-lg">
          Turn screenshots and photos into organised, searchable notes with AI-generated summaries.
        </p>
      </div>

      <Card className="w-full md:col-start-2 md:row-span-2 md:row-start-1">
        <CardHeader>
          <CardTitle className="text-xl">Get started</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {sharing ? (
            <p role="status" className="rounded-md border border-brand/40 bg-brand/5 px-3 py-2 text-sm">
              Sign in to turn the screenshot you shared into a note. SnapNotes asks you before uploading it.
            </p>
          ) : null}
          <Tabs
            value={tab}
            onValueChange={(value) =>
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('tab', tabFromQuery(value));
                  return next;
                },
                { replace: true },
              )
            }
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            {/* Not Tab stops of their own: the next stop after the tabs is the panel's sign-in button. */}
            <TabsContent value="login" className="pt-2" tabIndex={-1}>
              <SignInCard />
            </TabsContent>
            <TabsContent value="signup" className="pt-2" tabIndex={-1}>
              <SignInCard />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <section aria-label="Features" className="md:col-start-1 md:row-start-2 md:self-start">
        <ul className="grid gap-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h2 className="font-semibold">{title}</h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </PageShell>
  );
}

import { Link } from 'react-router-dom';
import { Cpu, FileSearch, Globe, ScanText, Sparkles, Upload, Wand2, FolderOpen } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PRODUCT_NAME } from '../../lib/constants.js';
import { DEFAULT_OCR_LANGUAGES, formatLanguageNames, useOcrLanguages } from '../../lib/ocr-languages.js';

const STEPS = [
  {
    icon: Upload,
    title: 'Upload',
    text: 'Drop in screenshots or photos of slides, documents and whiteboards — up to 10 at once, or paste one.',
  },
  {
    icon: Wand2,
    title: 'Process',
    text: 'Each image is checked for safety, its text is extracted, and AI writes a title, key points and a summary.',
  },
  {
    icon: FolderOpen,
    title: 'Organize',
    text: 'Your notes are saved to your private library, ready to search, edit, copy and share.',
  },
] as const;

const FEATURES = [
  {
    icon: ScanText,
    title: 'OCR Text Extraction',
    text: 'Reads text from screenshots and photos, including dark-mode screens and photographed pages.',
  },
  {
    icon: Sparkles,
    title: 'AI Summaries',
    text: 'Concise titles, key points and detailed summaries. Images without text are described instead.',
  },
  {
    icon: FileSearch,
    title: 'Searchable Notes',
    text: 'Find any note instantly by its title, key points, summary or original text.',
  },
] as const;

/** The Multi-language Support feature names the languages the server reads (SPEC §1, §2). */
export function multiLanguageText(names: readonly string[]): string {
  return (
    `Detects the language of each screenshot and reads ${formatLanguageNames(names)}; ` +
    'summaries keep the language of the original.'
  );
}

/** /about (SPEC §2). */
export function AboutPage() {
  // The server's languages; the default configuration's until it answers (or when it cannot).
  const { data } = useOcrLanguages();
  const languages = (data ?? DEFAULT_OCR_LANGUAGES).languages;
  const features = [
    ...FEATURES,
    { icon: Globe, title: 'Multi-language Support', text: multiLanguageText(languages.map((l) => l.name)) },
  ];
  return (
    <PageShell
      width="wide"
      actions={
        <Button variant="ghost" asChild>
          <Link to="/">Home</Link>
        </Button>
      }
      back={{ to: '/', label: 'Back to Home' }}
      className="space-y-12 py-10"
    >
      <div className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About {PRODUCT_NAME}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          {PRODUCT_NAME} converts screenshots and photos of text into organised, searchable notes with AI-generated
          summaries, so the things you capture become things you can use.
        </p>
      </div>

      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="text-2xl font-semibold tracking-tight">
          How It Works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand/10 text-brand">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle level={3}>
                    <span className="text-muted-foreground">{index + 1}. </span>
                    {title}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="key-features" className="space-y-4">
        <h2 id="key-features" className="text-2xl font-semibold tracking-tight">
          Key Features
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-xl border p-5">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="third-parties" className="space-y-3">
        <h2 id="third-parties" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Cpu className="size-5" aria-hidden="true" />
          Powered by
        </h2>
        <p className="text-muted-foreground">
          Summaries and image descriptions are generated with OpenAI, a third-party AI provider. Sign-in uses Google
          (Firebase Authentication) and payments are handled by Stripe. See our{' '}
          <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-4">
            Privacy Policy
          </Link>{' '}
          for details.
        </p>
      </section>

      <div className="flex flex-col items-center gap-3 rounded-2xl border bg-muted/40 px-6 py-10 text-center">
        <h2 className="text-2xl font-semibold tracking-tight">Ready to turn images into notes?</h2>
        <Button size="lg" asChild>
          <Link to="/">Get Started Now</Link>
        </Button>
      </div>
    </PageShell>
  );
}

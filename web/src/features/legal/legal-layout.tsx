import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';
import { LEGAL_LAST_UPDATED } from '../../lib/constants.js';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Shared layout of the Terms of Service and Privacy Policy: header links Home and About, numbered sections. */
export function LegalLayout({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <PageShell
      actions={
        <>
          <Button variant="ghost" asChild>
            <Link to="/">Home</Link>
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/about">About</Link>
          </Button>
        </>
      }
      className="py-10"
    >
      <article className="space-y-8">
        <header className="space-y-2 border-b pb-6">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
          <div className="pt-2 leading-relaxed text-muted-foreground">{intro}</div>
        </header>
        <nav aria-label="Contents" className="rounded-lg border bg-muted/40 p-4">
          <h2 className="mb-2 text-sm font-semibold">Contents</h2>
          <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a className="hover:underline" href={`#section-${index + 1}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.title} id={`section-${index + 1}`} className="scroll-mt-20 space-y-3">
            <h2 className="text-xl font-semibold">
              {index + 1}. {section.title}
            </h2>
            <div className="space-y-3 leading-relaxed text-foreground/90 [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </PageShell>
  );
}

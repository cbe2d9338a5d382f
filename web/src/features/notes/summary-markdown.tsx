import type { ComponentPropsWithoutRef, JSX } from 'react';
import Markdown, { defaultUrlTransform, type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/utils.js';

/** The props react-markdown hands a component for `Tag`, without its `node` (not a DOM attribute). */
type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> & ExtraProps;

const LINK_PROTOCOL = /^(?:https?|mailto):/i;

/**
 * Links keep only absolute http(s) and mailto URLs: react-markdown's own check first (it empties javascript:,
 * data:, vbscript: and the like), then anything relative, in-page or of another protocol is dropped too.
 */
function summaryUrl(url: string): string {
  const safe = defaultUrlTransform(url.trim());
  return LINK_PROTOCOL.test(safe) ? safe : '';
}

/** A summary's `#` is below the card's title (h3) and its 'Key Points' (h4): levels shift by three, at most h6. */
function heading(Tag: 'h4' | 'h5' | 'h6', size: string) {
  return function Heading({ node: _node, className, ...props }: Props<'h1'>) {
    return <Tag className={cn('font-semibold', size, className)} {...props} />;
  };
}

/** A wide table or code block scrolls by itself (phones), focusable so a keyboard can scroll it. */
const SCROLLER = 'overflow-x-auto focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

const components: Components = {
  h1: heading('h4', 'text-base'),
  h2: heading('h5', 'text-sm'),
  h3: heading('h6', 'text-sm'),
  h4: heading('h6', 'text-sm'),
  h5: heading('h6', 'text-sm'),
  h6: heading('h6', 'text-sm text-muted-foreground'),
  // Single line breaks of a plain-text summary stay line breaks, as before Markdown.
  p: ({ node: _node, className, ...props }: Props<'p'>) => (
    <p className={cn('whitespace-pre-line', className)} {...props} />
  ),
  ul: ({ node: _node, className, ...props }: Props<'ul'>) => (
    <ul
      className={cn(
        'list-disc space-y-1 pl-5 [&_ol]:mt-1 [&_ul]:mt-1',
        className?.includes('contains-task-list') && 'list-none pl-1',
        className,
      )}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }: Props<'ol'>) => (
    <ol className={cn('list-decimal space-y-1 pl-5 [&_ol]:mt-1 [&_ul]:mt-1', className)} {...props} />
  ),
  li: ({ node: _node, className, ...props }: Props<'li'>) => (
    <li className={cn('pl-0.5 [&>p+p]:mt-2', className)} {...props} />
  ),
  input: ({ node: _node, className, ...props }: Props<'input'>) => (
    <input className={cn('mr-1.5 align-middle', className)} {...props} />
  ),
  a: ({ node: _node, href, children, ...props }: Props<'a'>) =>
    href ? (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium break-words underline underline-offset-4 hover:text-muted-foreground"
      >
        {children}
      </a>
    ) : (
      // The URL was not safe: the link's text only.
      <span>{children}</span>
    ),
  // No remote images in a note (they would load from anywhere): their description stands in.
  img: ({ alt }: Props<'img'>) => (alt ? <span className="text-muted-foreground italic">{alt}</span> : null),
  blockquote: ({ node: _node, className, ...props }: Props<'blockquote'>) => (
    <blockquote className={cn('border-l-2 pl-3 text-muted-foreground', className)} {...props} />
  ),
  hr: ({ node: _node, className, ...props }: Props<'hr'>) => (
    <hr className={cn('border-border', className)} {...props} />
  ),
  table: ({ node: _node, className, ...props }: Props<'table'>) => (
    <div className={cn(SCROLLER, 'rounded-md border')} tabIndex={0}>
      <table className={cn('w-full border-collapse text-left text-[0.8125rem] leading-snug', className)} {...props} />
    </div>
  ),
  thead: ({ node: _node, className, ...props }: Props<'thead'>) => (
    <thead className={cn('bg-muted/60', className)} {...props} />
  ),
  tbody: ({ node: _node, className, ...props }: Props<'tbody'>) => (
    <tbody className={cn('[&>tr:last-child>td]:border-b-0', className)} {...props} />
  ),
  th: ({ node: _node, className, ...props }: Props<'th'>) => (
    <th className={cn('border-r border-b px-2 py-1.5 font-medium last:border-r-0', className)} {...props} />
  ),
  td: ({ node: _node, className, ...props }: Props<'td'>) => (
    <td className={cn('border-r border-b px-2 py-1.5 align-top last:border-r-0', className)} {...props} />
  ),
  pre: ({ node: _node, className, ...props }: Props<'pre'>) => (
    <pre
      className={cn(
        SCROLLER,
        'rounded-md bg-muted px-3 py-2 font-mono text-[0.8125rem] leading-relaxed [tab-size:4]',
        '[&>code]:rounded-none [&>code]:bg-transparent [&>code]:p-0',
        className,
      )}
      tabIndex={0}
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }: Props<'code'>) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem] break-words', className)} {...props} />
  ),
};

const remarkPlugins = [remarkGfm];

/**
 * A note's detailed summary as Markdown (GFM: lists, tables, fenced code), with no raw HTML: tags in the text are
 * shown as text (no rehype-raw), links open in a new tab and only with http(s) or mailto URLs.
 */
export function SummaryMarkdown({ text }: { text: string }) {
  return (
    <div className="space-y-3 break-words" data-testid="summary-markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={summaryUrl}>
        {text}
      </Markdown>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { FileQuestion } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';

export function NotFoundPage() {
  return (
    <PageShell centered>
      <FileQuestion className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild>
        <Link to="/">Go Home</Link>
      </Button>
    </PageShell>
  );
}

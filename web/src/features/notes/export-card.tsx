import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { errorMessage } from '../../lib/api-client.js';
import { toast } from '../../lib/toast.js';
import { fetchAllNotes, useStatistics } from '../../lib/user-data.js';
import { downloadText, notesToJson, notesToMarkdown } from './export.js';

type ExportFormat = 'markdown' | 'json';

/** Exports every note: the whole list is fetched when asked for (the notes page only loads pages of it). */
export function ExportCard({ userId }: { userId: number }) {
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

import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './sse.js';

/** A body delivered in exactly these chunks (bytes split anywhere, as a network does). */
function body(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function read(chunks: Array<string | Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  await readServerSentEvents(body(chunks), (event) => events.push(event));
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events, whatever the chunks', async () => {
    const events = await read(['event: progress\nda', 'ta: {"a":1}\n', '\nevent: progress\ndata: {"a":2}\n\n']);
    expect(events).toEqual([
      { event: 'progress', data: '{"a":1}', id: undefined },
      { event: 'progress', data: '{"a":2}', id: undefined },
    ]);
  });

  it('joins data lines, reads CRLF and CR line ends, skips comments, and names an unnamed event "message"', async () => {
    const events = await read([': keep-alive\r\n\r\n', 'data: one\r', '\ndata:two\r\rid: 7\ndata\n\n']);
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo', id: undefined },
      { event: 'message', data: '', id: '7' },
    ]);
  });

  it('decodes a character split between chunks, and drops an event the stream cut off', async () => {
    const bytes = new TextEncoder().encode('data: é\n\ndata: cut');
    const events = await read([bytes.slice(0, 7), bytes.slice(7)]);
    expect(events).toEqual([{ event: 'message', data: 'é', id: undefined }]);
  });
});

/**
 * Server-sent events read from a fetch body (the HTML "event stream" format). EventSource cannot send the bearer
 * header the gateway needs (api-client.ts), so the stream is fetched like any other request and read here. Only what
 * the app uses: `event`, `data` (several lines joined by "\n"), `id`; comments and `retry` are ignored. An event
 * without `event:` is a "message", as in a browser.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** Reads `body` to its end, calling `onEvent` for each complete event; a partial event at the end is dropped. */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      // Lines end in "\n", "\r\n" or "\r"; a "\r" at the very end may be the first half of a "\r\n".
      const lines = buffer.split(/\r\n|\r(?!$)|\n/);
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
    }
  } finally {
    reader.releaseLock();
  }
}

// Container health probe, without curl in the image: `node healthcheck.mjs <PORT_VARIABLE> <path>`.
// Exits 0 when http://127.0.0.1:$PORT_VARIABLE<path> answers 2xx within 4 s, 1 otherwise.
//   Dockerfiles: node healthcheck.mjs WORKER_HTTP_PORT /healthz   (docker-compose.yml probes /readyz)
const [variable = 'PORT', path = '/healthz'] = process.argv.slice(2);
// eslint-disable-next-line no-restricted-properties -- a standalone script inside the image, not app code
const port = process.env[variable];
if (!port || !/^\d+$/.test(port)) {
  console.error(`healthcheck: ${variable} is not a port number (got ${JSON.stringify(port)})`);
  process.exit(1);
}
try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  if (!res.ok) console.error(`healthcheck: ${path} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  console.error(`healthcheck: ${path} did not answer: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

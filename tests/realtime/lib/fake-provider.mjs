// A fake OpenAI-compatible chat-completions server on loopback (POST /v1/chat/completions,
// stream: true). What it does is chosen by the student's last message:
//   contains "STALL": one chunk, then silence (the connection stays open)
//   contains "FAIL":  HTTP 500 with an OpenAI-style error body
//   otherwise:        the chunks of `reply` in order, a usage chunk (total_tokens: `tokens`), [DONE]
// `latencyMs` delays the first byte of every answer (the benchmark's "its own latency");
// `gapMs` spaces the chunks (the benchmark keeps many answers streaming at once).
// Every request is recorded with its parsed body and whether its connection closed before the
// answer ended (`closedEarly`), so tests see the daemon cancel upstream.
import http from 'node:http';

export const reply = ['こんにちは。', 'ルーティングは', ' `config/routes.rb` ', 'に書きます。'];

export async function startFakeProvider({ latencyMs = 0, gapMs = 0, tokens = 500 } = {}) {
  const requests = [];
  const waiters = [];
  const notify = () => {
    for (const w of [...waiters]) if (w.pred()) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      const record = { path: req.url, headers: req.headers, body: JSON.parse(raw), ended: false, closedEarly: false };
      requests.push(record);
      res.on('close', () => { if (!record.ended) record.closedEarly = true; notify(); });
      const messages = record.body.messages ?? [];
      const last = String(messages[messages.length - 1]?.content ?? '');
      const chunk = (text) => `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
      setTimeout(() => {
        if (last.includes('FAIL')) {
          record.ended = true;
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
          notify();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        if (last.includes('STALL')) {
          res.write(chunk('考えています'));
          notify();
          return;  // never another byte
        }
        const finish = () => {
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', choices: [], usage: { prompt_tokens: tokens - 100, completion_tokens: 100, total_tokens: tokens } })}\n\n`);
          record.ended = true;
          res.end('data: [DONE]\n\n');
          notify();
        };
        if (gapMs === 0) {
          for (const text of reply) res.write(chunk(text));
          finish();
          return;
        }
        let i = 0;
        const next = () => {
          if (res.destroyed) return;
          if (i === reply.length) return finish();
          res.write(chunk(reply[i++]));
          setTimeout(next, gapMs);
        };
        next();
      }, latencyMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const waitFor = (pred, ms = 5000) => new Promise((resolve, reject) => {
    if (pred()) return resolve();
    const w = { pred, resolve };
    waiters.push(w);
    setTimeout(() => { if (waiters.includes(w)) { waiters.splice(waiters.indexOf(w), 1); reject(new Error('fake provider: condition not met')); } }, ms);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    waitFor,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

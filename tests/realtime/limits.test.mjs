// /cable limits: subscriptions per connection, connections per account, a command rate limit
// (excess ignored and logged, the connection lives on), and a repeated "answering" that
// changes nothing is not broadcast again. A connection's commands are handled in the order
// sent, so an answer to a later command means every earlier one was served or ignored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDaemon, stopDaemon, account, login, askQuestion, rawCable, cableConnections, until } from './lib/harness.mjs';

let daemon, questionId;
const LIMITS = { subscriptions: 5, perAccount: 3, commands: 20 };

before(async () => {
  daemon = await startDaemon({
    CAMP_CABLE_MAX_SUBSCRIPTIONS_PER_CONNECTION: String(LIMITS.subscriptions),
    CAMP_CABLE_MAX_CONNECTIONS_PER_ACCOUNT: String(LIMITS.perAccount),
    CAMP_CABLE_COMMANDS_PER_10_SECONDS: String(LIMITS.commands),
  });
  questionId = await askQuestion(daemon.url, await login(daemon.url, await account('student')));
});

after(() => stopDaemon(daemon));

const identifier = (n) => ({ channel: 'QuestionChannel', id: questionId, tab: n });

test('subscriptions past the per-connection cap are rejected; the others keep working', async () => {
  const c = await rawCable(daemon.url, await login(daemon.url, await account('student')));
  await c.waitFor((m) => m.type === 'welcome');
  for (let n = 0; n < LIMITS.subscriptions + 2; n++) c.send('subscribe', identifier(n));
  const typeOf = (n) => c.waitFor((m) => m.identifier === JSON.stringify(identifier(n))).then((m) => m.type);
  const types = await Promise.all([...Array(LIMITS.subscriptions + 2).keys()].map(typeOf));
  assert.equal(types.filter((t) => t === 'confirm_subscription').length, LIMITS.subscriptions, JSON.stringify(types));
  assert.equal(types.filter((t) => t === 'reject_subscription').length, 2);
  // Unsubscribing frees a slot for the very next command.
  const confirmed = types.indexOf('confirm_subscription');
  c.send('unsubscribe', identifier(confirmed));
  c.send('subscribe', identifier(100));
  assert.equal((await c.waitFor((m) => m.identifier === JSON.stringify(identifier(100)))).type, 'confirm_subscription');
  c.close();
});

test('connections past the per-account cap are refused without reconnect; other accounts are not', async () => {
  const token = await login(daemon.url, await account('student'));
  const held = [];
  for (let n = 0; n < LIMITS.perAccount; n++) {
    const c = await rawCable(daemon.url, token);
    await c.waitFor((m) => m.type === 'welcome');
    held.push(c);
  }
  const extra = await rawCable(daemon.url, token);
  assert.deepEqual(await extra.waitFor((m) => m.type === 'disconnect'),
    { type: 'disconnect', reason: 'too_many_connections', reconnect: false });
  const other = await rawCable(daemon.url, await login(daemon.url, await account('student')));
  await other.waitFor((m) => m.type === 'welcome');
  // A slot freed by a close can be taken again, once the daemon has seen the close.
  const leaving = held.pop();
  leaving.close();
  await leaving.closed;
  await until(async () => (await cableConnections(daemon)) === held.length + 1, 'the closed connection is gone');
  const again = await rawCable(daemon.url, token);
  await again.waitFor((m) => m.type === 'welcome');
  for (const c of [...held, other, again]) c.close();
});

test('commands past the rate limit are ignored and logged; the connection stays', async () => {
  const c = await rawCable(daemon.url, await login(daemon.url, await account('student')));
  await c.waitFor((m) => m.type === 'welcome');
  const flood = [...Array(60).keys()].map((n) => JSON.stringify(identifier(1000 + n)));
  for (const id of flood) c.ws.send(JSON.stringify({ command: 'subscribe', identifier: id }));
  await daemon.waitForLog(/sends commands too fast/);
  // The bucket refills (2 commands a second here): at each server ping, try one more command
  // until one is served. Its answer comes after those of every served flood command.
  let served = false;
  for (let probe = 0; probe < 10 && !served; probe++) {
    const id = JSON.stringify(identifier(2000 + probe));
    const ping = c.nextPing();
    c.ws.send(JSON.stringify({ command: 'subscribe', identifier: id }));
    served = await Promise.race([c.waitFor((m) => m.identifier === id).then(() => true), ping.then(() => false)]);
  }
  assert.ok(served, 'commands are served again once the bucket refills');
  const answered = c.frames.filter((m) => flood.includes(m.identifier)).length;
  assert.ok(answered >= LIMITS.commands, `the budget was served (${answered})`);
  assert.ok(answered <= LIMITS.commands + 3, `the rest was ignored (${answered} answered)`);
  assert.equal(c.ws.readyState, c.ws.OPEN, 'still connected');
  c.close();
});

test('a repeated "answering" is broadcast once', async () => {
  const mentor = await account('basic_mentor');
  const watcherToken = await login(daemon.url, await account('advanced_mentor'));
  const w = await rawCable(daemon.url, watcherToken);
  w.send('subscribe', identifier('w'));
  await w.waitFor((m) => m.type === 'confirm_subscription');
  const m = await rawCable(daemon.url, await login(daemon.url, mentor));
  m.send('subscribe', identifier('m'));
  await m.waitFor((f) => f.type === 'confirm_subscription');
  for (let n = 0; n < 5; n++) m.send('message', identifier('m'), { action: 'answering' });
  m.send('message', identifier('m'), { action: 'cancel_answering' });
  // The mentor's commands run in order and each change is announced on commit: by the time
  // "stopped" arrives, every "answering" that was announced has arrived before it.
  await w.waitFor((f) => f.message?.account?.id === mentor.id && f.message.is_answering === false);
  const heard = w.frames.filter((f) => f.message?.account?.id === mentor.id && f.message.is_answering === true);
  assert.equal(heard.length, 1, JSON.stringify(heard));
  w.close();
  m.close();
});

test('a command longer than one read piece is assembled and served', async () => {
  const c = await rawCable(daemon.url, await login(daemon.url, await account('student')));
  await c.waitFor((m) => m.type === 'welcome');
  const long = { channel: 'QuestionChannel', id: questionId, note: '長い識別子'.repeat(60) };  // ~900 bytes
  c.send('subscribe', long);
  assert.equal((await c.waitFor((m) => m.identifier === JSON.stringify(long))).type, 'confirm_subscription');
  c.close();
});

test('a subscribe whose identifier is unusable (too long, not JSON, no channel) is rejected, not left waiting', async (t) => {
  // Frames up to 64 KiB (the product default), so that an identifier past its 16 KiB cap arrives whole.
  const roomy = await startDaemon({ CAMP_CABLE_MAX_MESSAGE_BYTES: '65536' });
  t.after(() => stopDaemon(roomy));
  const c = await rawCable(roomy.url, await login(roomy.url, await account('student')));
  await c.waitFor((m) => m.type === 'welcome');
  const identifiers = [
    JSON.stringify({ channel: 'AiChatChannel', id: null, input: 'あ'.repeat(6000) }), // 18,000 bytes: past the 16 KiB cap
    'not json',
    JSON.stringify({ id: questionId }),
  ];
  for (const identifier of identifiers) c.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  for (const identifier of identifiers)
    assert.equal((await c.waitFor((m) => m.identifier === identifier)).type, 'reject_subscription');
  // The connection lives on.
  c.send('subscribe', identifier(1));
  assert.equal((await c.waitFor((m) => m.identifier === JSON.stringify(identifier(1)))).type, 'confirm_subscription');
  c.close();
});

// web/xapi.js against the xAPI 1.0.3 specification's rules for a statement (Part 2, "Statement
// Properties"), written here from the specification's text, not from the module: the required
// properties, an Agent with exactly one inverse functional identifier, IRIs where the
// specification asks for IRIs, language maps, result types, the timestamp's ISO 8601 form, a UUID
// id; and the request (POST .../statements, the version header). Nothing is sent unconfigured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goalStatement, guessStatement, headsTrainedStatement, recordLearning, sendStatements, tourStepStatement } from '../../web/xapi.js';

const ACTOR = { name: 'A learner', account: { homePage: 'https://lms.example', name: 'u123' } };
const ACTIVITY = 'https://course.example/chapter-3/attention';
const GUESSES = [ // as the guided tour fires them (web/views/guided/guess.js shapes)
  { step: 'shares', kind: 'shares', guess: [0.1, 0.6, 0.3], truth: [0.09, 0.67, 0.24], error: 0.07 },
  { step: 'blend', kind: 'pin', guess: [1, 0.5], truth: [0.9, 0.4], error: 0.14 },
  { step: 'mask', kind: 'mask', guess: ['0,1'], truth: ['0,1'], error: 0 },
  { step: 'thermostat', kind: 'trend', guess: 'down', truth: 'up', error: 1 },
  { step: 'shares', kind: 'shares', guess: null, truth: null, error: null }, // skipped
];

// ---- the specification's rules ----
const IRI = /^[a-z][a-z0-9+.-]*:[^\s]+$/i;           // an absolute IRI: a scheme, then no spaces
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;  // RFC 5646, as language map keys
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const STATEMENT_KEYS = ['id', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'stored', 'authority', 'version', 'attachments'];

function languageMap(map, where) {
  assert.equal(typeof map, 'object', where);
  for (const [tag, text] of Object.entries(map)) {
    assert.match(tag, LANGUAGE_TAG, `${where}: language tag`);
    assert.equal(typeof text, 'string', where);
  }
}

function agent(actor) {
  assert.ok(actor.objectType === undefined || actor.objectType === 'Agent', 'actor is an Agent');
  const ifis = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((k) => k in actor);
  assert.equal(ifis.length, 1, 'an Agent has exactly one inverse functional identifier');
  if (actor.mbox) assert.match(actor.mbox, /^mailto:/);
  if (actor.account) {
    assert.match(actor.account.homePage, IRI, 'account.homePage is an IRL');
    assert.equal(typeof actor.account.name, 'string');
  }
}

function activity(object, where) {
  assert.ok(object.objectType === undefined || object.objectType === 'Activity', where);
  assert.match(object.id, IRI, `${where}: id is an IRI`);
  if (object.definition) {
    if (object.definition.type) assert.match(object.definition.type, IRI, `${where}: definition.type`);
    if (object.definition.name) languageMap(object.definition.name, `${where}: name`);
    if (object.definition.description) languageMap(object.definition.description, `${where}: description`);
  }
}

function validStatement(s) {
  for (const key of Object.keys(s)) assert.ok(STATEMENT_KEYS.includes(key), `no property ${key} in a statement`);
  for (const key of ['actor', 'verb', 'object']) assert.ok(s[key], `${key} is required`);
  if ('id' in s) assert.match(s.id, UUID, 'id is a UUID');
  agent(s.actor);
  assert.match(s.verb.id, IRI, 'verb.id is an IRI');
  if (s.verb.display) languageMap(s.verb.display, 'verb.display');
  activity(s.object, 'object');
  if (s.result) {
    const r = s.result;
    if ('success' in r) assert.equal(typeof r.success, 'boolean');
    if ('completion' in r) assert.equal(typeof r.completion, 'boolean');
    if ('response' in r) assert.equal(typeof r.response, 'string');
    if (r.score) {
      if ('scaled' in r.score) assert.ok(r.score.scaled >= -1 && r.score.scaled <= 1, 'score.scaled in [-1, 1]');
      if ('min' in r.score && 'max' in r.score) assert.ok(r.score.min < r.score.max);
      if ('raw' in r.score) assert.ok(r.score.raw >= (r.score.min ?? -Infinity) && r.score.raw <= (r.score.max ?? Infinity));
    }
    for (const key of Object.keys(r.extensions ?? {})) assert.match(key, IRI, 'extension keys are IRIs');
  }
  for (const parent of s.context?.contextActivities?.parent ?? []) activity(parent, 'context parent');
  if (s.timestamp) assert.match(s.timestamp, TIMESTAMP, 'timestamp is ISO 8601 with a time zone');
  JSON.parse(JSON.stringify(s)); // plain JSON
}

// ---- the module ----
test('every guess of a guided session is a valid statement; the verb and the activity as documented', () => {
  const statements = GUESSES.map((g) => guessStatement(g, { actor: ACTOR, activity: ACTIVITY }));
  statements.forEach(validStatement);
  assert.deepEqual(statements.map((s) => s.verb.id), [...Array(4).fill('http://adlnet.gov/expapi/verbs/answered'),
    'http://id.tincanapi.com/verb/skipped']);
  assert.deepEqual(statements.map((s) => s.object.id), ['shares', 'blend', 'mask', 'thermostat', 'shares']
    .map((step) => `${ACTIVITY}/guess/${step}`));
  assert.deepEqual(statements.map((s) => s.result.success), [undefined, undefined, true, false, undefined]);
  assert.deepEqual(JSON.parse(statements[0].result.response), [0.1, 0.6, 0.3]);
  assert.equal(statements[0].result.extensions[`${ACTIVITY}/xapi/error`], 0.07);
  assert.equal(statements[0].context.contextActivities.parent[0].id, ACTIVITY);
  assert.equal(new Set(statements.map((s) => s.id)).size, 5, 'a new id each');
});

test('a wrong actor or activity is refused at once, with what to give', () => {
  const guess = GUESSES[0];
  assert.throws(() => guessStatement(guess, { actor: { name: 'no identifier' }, activity: ACTIVITY }), /exactly one of mbox/);
  assert.throws(() => guessStatement(guess, { actor: { mbox: 'a@b.example', account: ACTOR.account }, activity: ACTIVITY }), /exactly one/);
  assert.throws(() => guessStatement(guess, { actor: { mbox: 'a@b.example' }, activity: ACTIVITY }), /mailto:/);
  assert.throws(() => guessStatement(guess, { actor: ACTOR, activity: 'chapter-3' }), /absolute https IRI/);
  assert.throws(() => guessStatement(guess, { actor: ACTOR, activity: 'https://course.example/a#b' }), /absolute https IRI/);
  assert.equal(guessStatement({ step: '<b>', kind: 'shares' }, { actor: ACTOR, activity: ACTIVITY }), null);
});

test('statements are POSTed to endpoint + statements with the version header, and only when configured', async () => {
  const sent = [];
  const fetch = async (url, init) => { sent.push({ url: String(url), init }); return { ok: true, status: 200 }; };
  const page = new EventTarget();
  assert.throws(() => recordLearning(page, { actor: ACTOR, activity: ACTIVITY, fetch }), /endpoint/);
  const guess = (fields) => Object.assign(new Event('attention-guess'), fields);
  page.dispatchEvent(guess(GUESSES[0]));
  assert.equal(sent.length, 0, 'nothing sent unconfigured');
  const stop = recordLearning(page, { endpoint: 'https://lrs.example/xapi', auth: 'Basic a2V5OnNlY3JldA==', actor: ACTOR, activity: ACTIVITY, fetch });
  page.dispatchEvent(guess(GUESSES[2]));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, 'https://lrs.example/xapi/statements');
  assert.equal(sent[0].init.method, 'POST');
  assert.equal(sent[0].init.headers['X-Experience-API-Version'], '1.0.3');
  assert.equal(sent[0].init.headers['Content-Type'], 'application/json');
  assert.equal(sent[0].init.headers.Authorization, 'Basic a2V5OnNlY3JldA==');
  const body = JSON.parse(sent[0].init.body);
  assert.ok(Array.isArray(body) && body.length === 1);
  validStatement(body[0]);
  stop();
  page.dispatchEvent(guess(GUESSES[3]));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sent.length, 1, 'stopped');
});

test('an LRS that refuses is reported, with its status', async () => {
  const fetch = async () => ({ ok: false, status: 401 });
  await assert.rejects(sendStatements([{}], { endpoint: 'https://lrs.example/xapi/', fetch }), /answered 401 to 1 statement/);
});

test('a misconception probe is a question of its own, answered right or wrong', () => {
  const wrong = guessStatement({ step: 'shares', kind: 'rescaled', guess: 'yes', truth: 'no', error: 1 }, { actor: ACTOR, activity: ACTIVITY });
  const right = guessStatement({ step: 'mask', kind: 'renormalise', guess: 'rises', truth: 'rises', error: 0 }, { actor: ACTOR, activity: ACTIVITY });
  [wrong, right].forEach(validStatement);
  assert.equal(wrong.object.id, `${ACTIVITY}/probe/rescaled`);
  assert.equal(right.object.id, `${ACTIVITY}/probe/renormalise`);
  assert.deepEqual([wrong.result.success, right.result.success], [false, true]);
  assert.equal(wrong.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
});

// ---- tour progress, goals met, heads trained: the events as the elements fire them ----
const ADL = (name) => `http://adlnet.gov/expapi/verbs/${name}`;
const CMI5_PROGRESS = 'https://w3id.org/xapi/cmi5/result/extensions/progress'; // cmi5 9.6.2.2: an integer 0-100
const options = { actor: ACTOR, activity: ACTIVITY };

test('each tour step is "progressed" with cmi5 progress; the last step shown is "completed"', () => {
  const steps = [{ step: 'score', index: 1, of: 12, last: false }, { step: 'mask', index: 9, of: 12, last: false },
    { step: 'train', index: 12, of: 12, last: true }, { step: 'exp', index: 3, of: 12, last: true }]; // steps="1-3"
  const statements = steps.map((s) => tourStepStatement(s, options));
  statements.forEach(validStatement);
  assert.deepEqual(statements.map((s) => s.verb.id), [ADL('progressed'), ADL('progressed'), ADL('completed'), ADL('completed')]);
  assert.deepEqual(statements.map((s) => s.object.id), Array(4).fill(`${ACTIVITY}/tour`));
  assert.deepEqual(statements.map((s) => s.result.extensions[CMI5_PROGRESS]), [8, 75, 100, 100]);
  for (const s of statements) assert.ok(Number.isInteger(s.result.extensions[CMI5_PROGRESS]), 'cmi5 progress is an integer');
  assert.deepEqual(statements.map((s) => s.result.completion), [false, false, true, true]);
  assert.deepEqual(statements.map((s) => s.result.extensions[`${ACTIVITY}/xapi/step`]), ['score', 'mask', 'train', 'exp']);
  for (const bad of [{ step: 'x', index: 0, of: 12 }, { step: 'x', index: 13, of: 12 }, { step: '<b>', index: 1, of: 12 }, null])
    assert.equal(tourStepStatement(bad, options), null, JSON.stringify(bad));
});

test('a goal met is "completed" with success; a goal lost again is no statement', () => {
  const met = goalStatement({ goal: 'sat-the', name: 'sat attends to the', met: true }, options);
  validStatement(met);
  assert.equal(met.verb.id, ADL('completed'));
  assert.equal(met.object.id, `${ACTIVITY}/goal/sat-the`);
  assert.equal(met.object.definition.type, 'http://adlnet.gov/expapi/activities/objective');
  assert.deepEqual(met.object.definition.name, { 'en-US': 'Goal: sat attends to the' });
  assert.deepEqual([met.result.success, met.result.completion], [true, true]);
  assert.equal(goalStatement({ goal: 'sat-the', name: 'sat attends to the', met: false }, options), null);
  assert.equal(goalStatement({ goal: 'a b', met: true }, options), null);
});

test('heads trained is "interacted" with the steps, the held-out loss and each head\'s job', () => {
  const run = { reason: 'plateau', steps: 1800, heads: 2, heldOutLoss: 1.234, jobs: ['previous-word', 'first-noun'] };
  const s = headsTrainedStatement(run, options);
  validStatement(s);
  assert.equal(s.verb.id, ADL('interacted'));
  assert.equal(s.object.id, `${ACTIVITY}/heads`);
  assert.equal(s.object.definition.type, 'http://adlnet.gov/expapi/activities/simulation');
  assert.deepEqual(s.result.extensions, { [`${ACTIVITY}/xapi/steps`]: 1800, [`${ACTIVITY}/xapi/heads`]: 2,
    [`${ACTIVITY}/xapi/jobs`]: ['previous-word', 'first-noun'], [`${ACTIVITY}/xapi/reason`]: 'plateau',
    [`${ACTIVITY}/xapi/held-out-loss`]: 1.234 });
  const unmeasured = headsTrainedStatement({ ...run, heldOutLoss: null, jobs: [] }, options);
  validStatement(unmeasured);
  assert.ok(!(`${ACTIVITY}/xapi/held-out-loss` in unmeasured.result.extensions), 'no loss before the first measurement');
  assert.equal(headsTrainedStatement({ ...run, steps: 0 }, options), null);
  assert.equal(headsTrainedStatement({ ...run, jobs: ['<b>'] }, options), null);
});

test('recordLearning sends one statement per tour step, goal met and heads run; none for a goal lost', async () => {
  const sent = [];
  const fetch = async (url, init) => { sent.push(JSON.parse(init.body)[0]); return { ok: true, status: 200 }; };
  const page = new EventTarget();
  const stop = recordLearning(page, { endpoint: 'https://lrs.example/xapi/', actor: ACTOR, activity: ACTIVITY, fetch });
  const fire = (name, fields) => page.dispatchEvent(Object.assign(new Event(name), fields));
  fire('attention-tour-step', { step: 'score', index: 1, of: 12, last: false });
  fire('attention-goal', { goal: 'blend', name: 'match a target blend', met: true });
  fire('attention-goal', { goal: 'blend', name: 'match a target blend', met: false });
  fire('attention-heads-trained', { reason: 'paused', steps: 100, heads: 2, heldOutLoss: 2.5, jobs: ['none', 'none'] });
  await new Promise((resolve) => setTimeout(resolve, 0));
  stop();
  sent.forEach(validStatement);
  assert.deepEqual(sent.map((s) => s.verb.id), [ADL('progressed'), ADL('completed'), ADL('interacted')]);
});

// attention-widget/xapi: learning records from the widget's events, as xAPI 1.0.3 statements an
// LMS or a Learning Record Store takes. Nothing is sent unless the page calls recordLearning()
// with its LRS endpoint, its learner (the actor) and the IRI of its activity; the module itself
// knows no server and no learner.
//
//   import { recordLearning } from 'attention-widget/xapi';
//   const stop = recordLearning(document, {
//     endpoint: 'https://lrs.example/xapi/',           // the LRS's base: statements go to endpoint + 'statements'
//     auth: 'Basic ' + btoa('key:secret'),             // the LRS's Authorization header, if it needs one
//     actor: { objectType: 'Agent', name: 'A learner', account: { homePage: 'https://lms.example', name: 'u123' } },
//     activity: 'https://course.example/chapter-3/attention',
//   });
//
// What is recorded (docs/embedding.md "Learning records (xAPI)"): each guess a learner commits
// in the guided tour's predict mode (attention-guess) is "answered", with the response, the
// truth, how far off, and success where the guess is right or wrong outright (the mask, the
// trend) and for the misconception probes (each has one right choice: its own activity,
// .../probe/KIND); a skipped guess is "skipped". Each step the guided tour shows
// (attention-tour-step) is "progressed" through the tour, its last "completed"; a train-panel goal
// met (attention-goal) is "completed" with success; a heads-lab run that stopped
// (attention-heads-trained) is "interacted" with its steps, loss and the heads' jobs. A plain fetch POST with the X-Experience-API-Version
// header is the whole protocol used here: no library needed (the npm xapi client brings an HTTP
// library of its own).

import { PROBE_KINDS } from './views/guided/probes.js';

export const XAPI_VERSION = '1.0.3';

// ADL's verbs, and the xAPI registry's "skipped" (ADL has none).
const verb = (id, name) => ({ id, display: { 'en-US': name } });
export const VERBS = {
  answered: verb('http://adlnet.gov/expapi/verbs/answered', 'answered'),
  skipped: verb('http://id.tincanapi.com/verb/skipped', 'skipped'),
  progressed: verb('http://adlnet.gov/expapi/verbs/progressed', 'progressed'),
  completed: verb('http://adlnet.gov/expapi/verbs/completed', 'completed'),
  interacted: verb('http://adlnet.gov/expapi/verbs/interacted', 'interacted'),
};
// ADL's activity types.
const QUESTION = 'http://adlnet.gov/expapi/activities/question';
const LESSON = 'http://adlnet.gov/expapi/activities/lesson';
const OBJECTIVE = 'http://adlnet.gov/expapi/activities/objective';
const SIMULATION = 'http://adlnet.gov/expapi/activities/simulation';
// cmi5's progress extension: how far through, an integer percentage (the one registered IRI for it).
export const PROGRESS = 'https://w3id.org/xapi/cmi5/result/extensions/progress';
// The guesses whose truth is one right answer (the others are judged by how far off they are).
const EXACT = new Set(['mask', 'trend']);
const STEP = /^[a-z][a-z0-9-]{0,40}$/;

/** The page's activity IRI, checked: an absolute http(s) IRI with no fragment, no trailing slash. */
function activityBase(activity) {
  let url;
  try {
    url = new URL(activity);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.hash)
    throw new TypeError(`activity must be an absolute https IRI for your course's activity, like https://course.example/chapter-3/attention (got ${JSON.stringify(String(activity)).slice(0, 80)})`);
  return String(activity).replace(/\/+$/, '');
}

/** The actor, checked: an Agent with exactly one identifier (mbox, mbox_sha1sum, openid, account). */
function checkedActor(actor) {
  const ids = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((key) => actor?.[key] !== undefined);
  if (ids.length !== 1)
    throw new TypeError('actor must be an xAPI Agent with exactly one of mbox, mbox_sha1sum, openid or account (the learner, from your LMS)');
  if (ids[0] === 'mbox' && !/^mailto:[^@\s]+@[^@\s]+$/.test(actor.mbox)) throw new TypeError('actor.mbox must be a mailto: IRI');
  if (ids[0] === 'account' && !(actor.account?.homePage && actor.account?.name))
    throw new TypeError('actor.account needs a homePage and a name');
  return { objectType: 'Agent', ...actor };
}

/** A JSON text of a guess or a truth (a response is a string in xAPI), at most 1,000 characters. */
const asText = (value) => JSON.stringify(value ?? null).slice(0, 1000);

/**
 * The statement for one attention-guess event, or null for one that is not a guess.
 * @param {{ step: string, kind: string, guess: unknown, truth: unknown, error: number|null }} guess the event
 * @param {{ actor: object, activity: string, timestamp?: Date, id?: string }} options id: a UUID (default: a new one)
 */
export function guessStatement(guess, { actor, activity, timestamp = new Date(), id = globalThis.crypto?.randomUUID?.() }) {
  if (!STEP.test(String(guess?.step)) || !STEP.test(String(guess?.kind))) return null;
  const base = activityBase(activity);
  const skipped = guess.guess === null || guess.guess === undefined;
  const probe = Object.hasOwn(PROBE_KINDS, guess.kind); // a question with one right choice
  const result = skipped ? { completion: false } : {
    completion: true,
    response: asText(guess.guess),
    ...((EXACT.has(guess.kind) || probe) && Number.isFinite(guess.error) ? { success: guess.error === 0 } : {}),
    extensions: {
      [`${base}/xapi/truth`]: asText(guess.truth),
      ...(Number.isFinite(guess.error) ? { [`${base}/xapi/error`]: guess.error } : {}),
    },
  };
  return {
    ...(id ? { id } : {}), // a secure page has randomUUID; elsewhere the LRS assigns the id
    actor: checkedActor(actor),
    verb: skipped ? VERBS.skipped : VERBS.answered,
    object: {
      objectType: 'Activity',
      id: probe ? `${base}/probe/${guess.kind}` : `${base}/guess/${guess.step}`,
      definition: probe
        ? { type: QUESTION, name: { 'en-US': `Probe: ${guess.kind}` },
          description: { 'en-US': `A question whose intuitive answer is wrong: ${PROBE_KINDS[guess.kind]}?` } }
        : { type: QUESTION, name: { 'en-US': `Guess: ${guess.step}` },
          description: { 'en-US': `A prediction before the widget shows it (${guess.kind}).` } },
    },
    result,
    context: { contextActivities: { parent: [{ objectType: 'Activity', id: base }] } },
    timestamp: timestamp.toISOString(),
  };
}

// The parts every statement shares: its id, the actor, the page's activity as context parent, the time.
function envelope({ actor, activity, timestamp = new Date(), id = globalThis.crypto?.randomUUID?.() }, body) {
  const base = activityBase(activity);
  return {
    ...(id ? { id } : {}),
    actor: checkedActor(actor),
    ...body(base),
    context: { contextActivities: { parent: [{ objectType: 'Activity', id: base }] } },
    timestamp: timestamp.toISOString(),
  };
}

const activityObject = (id, type, name, description) => ({ objectType: 'Activity', id,
  definition: { type, name: { 'en-US': name }, description: { 'en-US': description } } });
const count = (n, least = 0) => Number.isInteger(n) && n >= least;

/**
 * The statement for one attention-tour-step event: "progressed" through the tour, with cmi5's
 * progress (index of 12, as a percentage) and the step's id; the last step the tour shows, "completed".
 * Null for one that is not a step.
 * @param {{ step: string, index: number, of: number, last: boolean }} tourStep the event
 */
export function tourStepStatement(tourStep, options) {
  const { step, index, of, last } = tourStep ?? {};
  if (!STEP.test(String(step)) || !count(of, 1) || !count(index, 1) || index > of) return null;
  return envelope(options, (base) => ({
    verb: last ? VERBS.completed : VERBS.progressed,
    object: activityObject(`${base}/tour`, LESSON, 'Guided tour',
      'The chapter\'s recipe for attention, one step at a time.'),
    result: { completion: Boolean(last), extensions: { [PROGRESS]: last ? 100 : Math.round((100 * index) / of),
      [`${base}/xapi/step`]: step } },
  }));
}

/**
 * The statement for one attention-goal event: a goal met is "completed" with success; a goal that
 * stops being met is no statement (null), nor is anything that is not a goal.
 * @param {{ goal: string, name: string, met: boolean }} goal the event
 */
export function goalStatement(goal, options) {
  if (!STEP.test(String(goal?.goal)) || goal.met !== true) return null;
  const name = String(goal.name ?? goal.goal).slice(0, 200);
  return envelope(options, (base) => ({
    verb: VERBS.completed,
    object: activityObject(`${base}/goal/${goal.goal}`, OBJECTIVE, `Goal: ${name}`,
      'A training goal of the train panel, met by training or by hand.'),
    result: { success: true, completion: true },
  }));
}

/**
 * The statement for one attention-heads-trained event: "interacted" with the heads lab, with the
 * steps trained, the held-out loss and each head's job. Null for one that is not a run.
 * @param {{ reason: string, steps: number, heads: number, heldOutLoss: number|null, jobs: string[] }} run the event
 */
export function headsTrainedStatement(run, options) {
  const { reason, steps, heads, heldOutLoss, jobs } = run ?? {};
  if (!STEP.test(String(reason)) || !count(steps, 1) || !count(heads, 1) || !Array.isArray(jobs)
    || !jobs.every((job) => STEP.test(String(job)))) return null;
  return envelope(options, (base) => ({
    verb: VERBS.interacted,
    object: activityObject(`${base}/heads`, SIMULATION, 'Heads lab',
      'A tiny multi-head model trained live: which job each head learns.'),
    result: { extensions: { [`${base}/xapi/steps`]: steps, [`${base}/xapi/heads`]: heads,
      [`${base}/xapi/jobs`]: [...jobs], [`${base}/xapi/reason`]: reason,
      ...(Number.isFinite(heldOutLoss) ? { [`${base}/xapi/held-out-loss`]: heldOutLoss } : {}) } },
  }));
}

/** Each recorded event's name and the function that makes its statement. */
export const STATEMENTS = {
  'attention-guess': guessStatement,
  'attention-tour-step': tourStepStatement,
  'attention-goal': goalStatement,
  'attention-heads-trained': headsTrainedStatement,
};

/** POSTs statements to the LRS; resolves to the response, rejects with a short message. */
export async function sendStatements(statements, { endpoint, auth, fetch: post = globalThis.fetch }) {
  const url = new URL('statements', endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  const headers = { 'Content-Type': 'application/json', 'X-Experience-API-Version': XAPI_VERSION };
  if (auth) headers.Authorization = auth;
  const response = await post(url, { method: 'POST', headers, body: JSON.stringify(statements) });
  if (!response.ok) throw new Error(`the LRS at ${url.origin} answered ${response.status} to ${statements.length} statement(s)`);
  return response;
}

/**
 * Records every event of STATEMENTS under `root` (a document or an element) to the page's LRS. Returns a function
 * that stops. Checks its options at once: a wrong actor, activity or endpoint is a TypeError here,
 * not a statement the LRS refuses later.
 * @param {EventTarget} root
 * @param {{ endpoint: string, auth?: string, actor: object, activity: string, fetch?: typeof fetch,
 *   onError?: (error: Error) => void }} options onError: a statement the LRS did not take (default: console.warn)
 */
export function recordLearning(root, { endpoint, auth, actor, activity, fetch, onError = (e) => console.warn(`xAPI: ${e.message}`) }) {
  let url;
  try {
    url = new URL(endpoint);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new TypeError('endpoint must be your LRS\'s xAPI base URL, like https://lrs.example/xapi/');
  checkedActor(actor);
  activityBase(activity);
  const controller = new AbortController();
  for (const [name, make] of Object.entries(STATEMENTS)) {
    root.addEventListener(name, (event) => {
      const statement = make(event, { actor, activity });
      if (statement) sendStatements([statement], { endpoint, auth, fetch }).catch(onError);
    }, { signal: controller.signal });
  }
  return () => controller.abort();
}

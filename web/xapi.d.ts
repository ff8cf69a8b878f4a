// Types for web/xapi.js (attention-widget/xapi): the widget's events as xAPI 1.0.3 statements.

export declare const XAPI_VERSION: '1.0.3';

/** An xAPI verb: an IRI and its display names by language. */
export interface XapiVerb {
  id: string;
  display: Record<string, string>;
}

/** The verbs the statements use (docs/embedding.md "Learning records (xAPI)"). */
export declare const VERBS: Readonly<Record<'answered' | 'skipped' | 'progressed' | 'completed' | 'interacted', XapiVerb>>;

/** cmi5's progress result extension (an integer percentage), used for the tour. */
export declare const PROGRESS: 'https://w3id.org/xapi/cmi5/result/extensions/progress';

type OneOf<T> = { [K in keyof T]: Pick<T, K> & { [Other in Exclude<keyof T, K>]?: never } }[keyof T];

/** The learner: an xAPI Agent with exactly one identifier, from the page's LMS. */
export type XapiActor = { objectType?: 'Agent'; name?: string } & OneOf<{
  mbox: `mailto:${string}`;
  mbox_sha1sum: string;
  openid: string;
  account: { homePage: string; name: string };
}>;

/** An activity as the statements name it. */
export interface XapiActivity {
  objectType: 'Activity';
  id: string;
  definition: { type: string; name: Record<string, string>; description?: Record<string, string> };
}

/** A statement as this module makes it: the subset of xAPI 1.0.3 it fills in. */
export interface XapiStatement {
  /** A UUID: present where the page has crypto.randomUUID (a secure context); else the LRS assigns one. */
  id?: string;
  actor: XapiActor & { objectType: 'Agent' };
  verb: XapiVerb;
  object: XapiActivity;
  result?: {
    success?: boolean;
    completion?: boolean;
    response?: string;
    extensions?: Record<string, unknown>;
  };
  context: { contextActivities: { parent: { objectType: 'Activity'; id: string }[] }; extensions?: Record<string, unknown> };
  /** ISO 8601. */
  timestamp: string;
}

/** Who and what a statement is about, and (for tests, replays) its time and id. */
export interface StatementOptions {
  actor: XapiActor;
  /** The page's activity: an absolute http(s) IRI, no fragment. */
  activity: string;
  timestamp?: Date;
  id?: string;
}

/** What guessStatement reads of an attention-guess event. */
export interface GuessRecord {
  step: string;
  kind: string;
  guess: unknown;
  truth: unknown;
  error: number | null;
}

/** The statement for one attention-guess event ("answered" or "skipped"), or null for one that is not a guess. */
export declare function guessStatement(guess: GuessRecord, options: StatementOptions): XapiStatement | null;

/** What tourStepStatement reads of an attention-tour-step event. */
export interface TourStepRecord {
  step: string;
  index: number;
  of: number;
  last: boolean;
}

/** "progressed" through the tour with cmi5 progress; the last step shown "completed"; null for one that is not a step. */
export declare function tourStepStatement(tourStep: TourStepRecord, options: StatementOptions): XapiStatement | null;

/** What goalStatement reads of an attention-goal event. */
export interface GoalRecord {
  goal: string;
  name: string;
  met: boolean;
}

/** A goal met: "completed" with success; a goal that stops being met (or anything else): null. */
export declare function goalStatement(goal: GoalRecord, options: StatementOptions): XapiStatement | null;

/** What headsTrainedStatement reads of an attention-heads-trained event. */
export interface HeadsRunRecord {
  reason: string;
  steps: number;
  heads: number;
  heldOutLoss: number | null;
  jobs: string[];
}

/** "interacted" with the heads lab: steps, held-out loss and each head's job; null for one that is not a run. */
export declare function headsTrainedStatement(run: HeadsRunRecord, options: StatementOptions): XapiStatement | null;

/** Each recorded event's name and the function that makes its statement. */
export declare const STATEMENTS: Readonly<{
  'attention-guess': typeof guessStatement;
  'attention-tour-step': typeof tourStepStatement;
  'attention-goal': typeof goalStatement;
  'attention-heads-trained': typeof headsTrainedStatement;
}>;

/** Where statements go: the LRS's xAPI base URL and its Authorization header. */
export interface LrsOptions {
  endpoint: string;
  auth?: string;
  fetch?: typeof fetch;
}

/** POSTs statements to the LRS; rejects with a short message when it does not take them. */
export declare function sendStatements(statements: XapiStatement[], options: LrsOptions): Promise<Response>;

export interface RecordOptions extends LrsOptions {
  actor: XapiActor;
  activity: string;
  /** A statement the LRS did not take (default: console.warn). */
  onError?: (error: Error) => void;
}

/**
 * Records the widget's events under `root` (a document or an element) to the page's LRS; returns
 * a function that stops. A wrong actor, activity or endpoint throws a TypeError at once.
 */
export declare function recordLearning(root: EventTarget, options: RecordOptions): () => void;

// The catalogue machinery: the catalogues, the language in force, t(). English here is only
// ./en-common.js (numbers, lists, attributes); each element adds the English words it shows with
// the code that shows them (addEnglish): the widget's ./en.js through ./messages.js, the train
// panel's, the tour's and the labs' through their words.js. So a lab that speaks the languages (the
// scale lab) pays for this file and the formatter, not for the widget's words. The other built-in
// languages are modules of their own, imported the first time an element on the page asks for one
// (nothing is fetched on an English page). Authors add a language or change single strings with
// registerMessages(lang, messages) (README, "Languages").
//
// Which language: an element's `lang`, else the nearest ancestor's (across shadow roots), else the
// document's, else English (../controllers/lang.js). A tag is served by the catalogue of the same
// name, else its Chinese script (zh, zh-CN, zh-SG -> zh-Hans), else its base language (de-AT -> de),
// else English. A key a catalogue lacks falls back to English, and the source modules (development)
// say so once in the console; the hosted build (dist/) leaves that code out (scripts/build-web.mjs
// defines AW_RELEASE).
//
// Views write their words with t(key, values) while they build and paint: the element runs that
// work inside inLocale(bundle, fn), so one page can hold a German widget beside an Arabic one.
import common from './en-common.js';
import { format } from './format.js';
import { MINUS, setNumberStyle } from '../numbers.js';
import { setText } from '../dom.js';

// The built-in languages besides English: each its own module, loaded on demand.
const BUILT_IN = {
  es: () => import('./es.js'),
  de: () => import('./de.js'),
  'zh-Hans': () => import('./zh-Hans.js'),
  ar: () => import('./ar.js'),
  // The pseudo-locale that finds hard-coded strings (tests/browser/i18n.spec.js): English, wrapped.
  'en-XA': async () => ({ default: pseudo(english) }),
};

/**
 * en-XA: every English message wrapped in ⟦…⟧ and lengthened by about 40% with "·". A page in en-XA
 * shows at once a word that does not come from a catalogue (outside the brackets) and a box too
 * narrow for a longer language.
 */
function pseudo(messages) {
  const stretch = (s) => `⟦${s}${'·'.repeat(Math.ceil(s.length * 0.4))}⟧`;
  return Object.fromEntries(Object.entries(messages).map(([key, s]) => [key, stretch(s)]));
}

const RTL = /^(ar|he|fa|ur|ps|yi|dv|ckb|sd|ug)(-|$)/i;

// English: ./en-common.js, and the words each element adds with the code that shows them (addEnglish).
const english = { ...common };
const builtIn = new Map([['en', english]]); // name -> a built-in catalogue, once loaded
const authored = new Map();              // name -> the page's own strings (registerMessages)
const loading = new Map();               // name -> the promise of its module
const bundles = new Map();               // name -> its bundle, until a catalogue changes
const changeListeners = new Set();       // told when a catalogue is registered or arrives
const warned = new Set();

const lower = (s) => s.toLowerCase();
const names = () => [...new Set(['en', ...Object.keys(BUILT_IN), ...authored.keys()])];

/** The catalogue name that serves a BCP 47 tag: exact, then Chinese script, then base language, else 'en'. */
export function catalogueName(tag) {
  const wanted = String(tag ?? '').trim().replace(/_/g, '-');
  if (!wanted) return 'en';
  const known = names();
  const find = (t) => known.find((name) => lower(name) === lower(t));
  const base = wanted.split('-')[0];
  const chinese = lower(base) === 'zh' && !/-(hant|tw|hk|mo)(-|$)/i.test(wanted) ? 'zh-Hans' : null;
  return find(wanted) ?? (chinese && find(chinese)) ?? find(base) ?? 'en';
}

/** Loads a built-in catalogue if it is not in yet; resolves when `name` can be used (at once for English). */
export function ensure(name) {
  if (builtIn.has(name) || !BUILT_IN[name]) return Promise.resolve();
  if (!loading.has(name)) {
    loading.set(name, BUILT_IN[name]().then((module) => {
      builtIn.set(name, module.default);
      changed();
    }, (err) => {
      loading.delete(name); // a later element may try again
      throw err;
    }));
  }
  return loading.get(name);
}

/** Whether `name` is ready without waiting. */
export const isReady = (name) => builtIn.has(name) || !BUILT_IN[name];

/**
 * Adds a language, or changes single strings of one (English included), for this page: the keys are
 * en.js's, the values ICU MessageFormat text with the same placeholders. Later calls add to earlier
 * ones; a built-in catalogue that arrives later never overrides them. Every element re-renders.
 * @param {string} lang a BCP 47 tag, e.g. 'fr' or 'de-CH'
 * @param {Record<string, string>} messages
 */
export function registerMessages(lang, messages) {
  const name = String(lang).trim();
  if (!name || messages === null || typeof messages !== 'object') throw new TypeError('registerMessages(lang, { key: "text" })');
  authored.set(name, { ...authored.get(name), ...messages });
  changed();
}

/**
 * Adds English words that load with the code that shows them (./en.js with the widget,
 * ./en-train.js with the train panel, ./en-scale.js with the scale lab), so no element carries
 * another's words. Other languages keep those keys in their own modules.
 */
export function addEnglish(messages) {
  Object.assign(english, messages);
  // Nothing on screen shows these keys yet, so nothing re-renders; en-XA wraps them too.
  if (builtIn.has('en-XA')) builtIn.set('en-XA', pseudo(english));
}

function changed() {
  bundles.clear();
  changeListeners.forEach((listener) => listener());
}

/** Calls `listener` whenever a catalogue is registered or arrives; returns the function that stops it. */
export function onCatalogueChange(listener) {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function lookup(name, key) {
  const own = authored.get(name)?.[key] ?? builtIn.get(name)?.[key];
  if (own !== undefined) return own;
  /* global AW_RELEASE */ // defined by the hosted build: this line, and warnMissing, are left out there
  if (typeof AW_RELEASE === 'undefined') warnMissing(name, key);
  return authored.get('en')?.[key] ?? english[key] ?? key;
}

function warnMissing(name, key) {
  if (name === 'en' || warned.has(`${name} ${key}`)) return;
  warned.add(`${name} ${key}`);
  console.warn(`attention-widget: no "${key}" in the ${name} messages; English is shown.`);
}

/**
 * Everything a view needs to speak one language: { lang, dir, decimal, t(key, values) }.
 * lang is the catalogue's name, also the locale numbers are written in.
 */
export function bundleFor(name) {
  let bundle = bundles.get(name);
  if (bundle) return bundle;
  const locale = name === 'en-XA' ? 'en' : name;
  const english = locale === 'en';
  // English is written as numbers.js writes it, without Intl: a page's first Intl.NumberFormat
  // loads the locale data (some 16 ms on a 2-core VM, four times that on Lighthouse's phone), and
  // every element asks for the English bundle as it is made, in the page's first task.
  const decimal = english ? '.'
    : new Intl.NumberFormat(`${locale}-u-nu-latn`).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  bundle = {
    lang: name,
    dir: RTL.test(name) ? 'rtl' : 'ltr',
    decimal,
    t: (key, values = {}) => format(lookup(name, key), values, locale),
  };
  const percent = english ? null : new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'percent' });
  bundle.numbers = { locale, decimal, list: decimal === ',' ? '; ' : ', ', rtl: bundle.dir === 'rtl',
    huge: bundle.t('number.huge'), nan: bundle.t('number.nan'),
    // "67 %" in German, "67%" in English; no direction marks (Arabic's), a true minus.
    percent: (n) => (english ? `${n}%` : percent.format(n / 100)).replace(/[\u200e\u200f\u061c]/g, '').replace('-', MINUS) };
  bundles.set(name, bundle);
  return bundle;
}

let current = null;

/** Runs fn with `bundle` as the language of t() and of the number text (../numbers.js); returns its result. */
export function inLocale(bundle, fn) {
  const before = current;
  current = bundle;
  const numbersBefore = setNumberStyle(bundle.numbers);
  try {
    return fn();
  } finally {
    current = before;
    setNumberStyle(numbersBefore);
  }
}

/** The message `key` in the language in force (English outside inLocale). */
export const t = (key, values) => (current ?? bundleFor('en')).t(key, values);

/** Words said as one in the language in force: "the and cat", "the, cat and sat", "the und cat". */
export const listAnd = (words) => (words.length < 2 ? words.join('')
  : t('list.and', { first: words.slice(0, -1).join(t('list.separator')), last: words.at(-1) }));

/** The bundle in force (English outside inLocale). */
export const currentBundle = () => current ?? bundleFor('en');

/** Every catalogue name known now (built in, loaded or not, and registered). */
export const catalogueNames = names;

/**
 * Runs fn in the language of the element `node` belongs to, read from the nearest `lang` in its own
 * tree (an element writes its resolved language on its root, ../controllers/lang.js): for event
 * handlers, which run outside a paint.
 */
export function inLocaleOf(node, fn) {
  return inLocale(bundleFor(catalogueName(node.closest?.('[lang]')?.getAttribute('lang'))), fn);
}

/**
 * Props for el() that write a message and remember its key, so relabel() can rewrite it in another
 * language without a rebuild: text(key) for the text, label(key) for the accessible name.
 */
export const text = (key) => ({ text: t(key), 'data-t': key });
export const label = (key) => ({ 'aria-label': t(key), 'data-t-label': key });

/**
 * Rewrites every text(key) and label(key) under `root` in the language in force. Through setText,
 * as paints write: its memory of the text on screen stays true, so the paint that follows (Play's
 * word back to Pause while a run plays) is not skipped.
 */
export function relabel(root) {
  for (const node of root.querySelectorAll('[data-t]')) setText(node, t(node.dataset.t));
  for (const node of root.querySelectorAll('[data-t-label]')) node.setAttribute('aria-label', t(node.dataset.tLabel));
}

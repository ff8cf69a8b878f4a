// The heads lab's t(): the registry's (../../shared/i18n/registry.js), with the lab's English words
// (../../shared/i18n/en-heads.js) added to the English catalogue first. Those words load with the
// lab's code, not the widget's (the widget's byte budget), and the lab does not carry the widget's
// (../../shared/i18n/en.js: tests/package/worker-graph.test.mjs). A function of this module, not a
// re-export: the build keeps a module for the exports in use (package.json sideEffects).
import { addEnglish, t as shared } from '../../shared/i18n/registry.js';
import english from '../../shared/i18n/en-heads.js';

addEnglish(english);

/** The message `key` in the language in force (../../shared/i18n/registry.js, t). */
export const t = (key, values) => shared(key, values);

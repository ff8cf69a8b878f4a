// The catalogue machinery (./registry.js) with the widget's English words (./en.js) in it: what the
// widget, its figures and its model import. The scale lab imports ./registry.js alone and adds its
// own words (web/views/scale/words.js), so it does not carry these. Each export is a function of
// this module, not a re-export: the build keeps a module only for the exports in use
// (package.json sideEffects), and this module's first line of work is adding the words.
import * as registry from './registry.js';
import en from './en.js';

registry.addEnglish(en);

export const catalogueName = (tag) => registry.catalogueName(tag);
export const ensure = (name) => registry.ensure(name);
export const isReady = (name) => registry.isReady(name);
export const registerMessages = (lang, messages) => registry.registerMessages(lang, messages);
export const addEnglish = (messages) => registry.addEnglish(messages);
export const onCatalogueChange = (listener) => registry.onCatalogueChange(listener);
export const bundleFor = (name) => registry.bundleFor(name);
export const inLocale = (bundle, fn) => registry.inLocale(bundle, fn);
export const t = (key, values) => registry.t(key, values);
export const listAnd = (words) => registry.listAnd(words);
export const currentBundle = () => registry.currentBundle();
export const catalogueNames = () => registry.catalogueNames();
export const inLocaleOf = (node, fn) => registry.inLocaleOf(node, fn);
export const text = (key) => registry.text(key);
export const label = (key) => registry.label(key);
export const relabel = (root) => registry.relabel(root);

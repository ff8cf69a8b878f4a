// English for the catalogue machinery itself (./registry.js) and for every element: the words
// for a number too large to print, lists ("a, b and c") and the attributes that did not read
// (./say.js, ../controllers/theme.js). The registry starts English with these alone, so a lab that
// speaks the languages (the scale lab) does not carry the widget's words (./en.js, which includes
// these). Same rules as ./en.js; every other catalogue has these keys too.
export default {
  'number.huge': 'too large to print',
  'number.nan': 'not a number',
  'list.and': '{first} and {last}',
  'list.separator': ', ',
  'attribute.boolean': '{name}="{raw}" is not true or false; using {name} = {fallback}.',
  'attribute.notWhole': '{name}="{raw}" is not a whole number; keeping {name} = {previous}.',
  'attribute.below': '{name}="{raw}" is below {min}; using {name} = {value} (allowed: {min} to {max}).',
  'attribute.above': '{name}="{raw}" is above {max}; using {name} = {value} (allowed: {min} to {max}).',
  'attribute.theme': 'theme="{value}" is not light, dark or auto (kept {kept}).',
};

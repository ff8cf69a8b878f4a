// English for the guided tour (web/views/guided/): loaded with the tour's own code, so a page
// without `guided` does not carry these words (the widget's byte budget). web/views/guided/words.js
// adds them to the English catalogue (./messages.js, addEnglish); every other language has them
// in its own module (./de.js, ...). Same rules as ./en.js.
export default {
  'tour.step': "Step {n} of {count}",
  'tour.previous': "Previous step",
  'tour.play': "Play",
  'tour.pause': "Pause",
  'tour.next': "Next step",
  'tour.jump': "Jump to step",
  'tour.asker': "Asker",
  'tour.edit': "Change the numbers",
  'tour.steps': "Steps",
  'tour.goTo': "Go to",
  'tour.guessFirst': "Guess first",
  'tour.askFirst': "Make your guess, or skip it, to see this step.",
  'tour.title.score': "The query meets each key",
  'tour.title.bars': "Scores as bars",
  'tour.title.exp': "Exponentiate",
  'tour.title.shares': "Divide by the total",
  'tour.title.scale': "Scale each value by its share",
  'tour.title.blend': "Tip to tail: the blend",
  'tour.title.project': "Where q, k and v come from",
  'tour.title.everyone': "Everyone asks at once",
  'tour.title.mask': "The causal mask",
  'tour.title.thermostat': "The thermostat: divide by √d_k",
  'tour.title.formula': "The whole formula",
  'tour.title.train': "Let training choose the grids",
};

// "the cat sat" as the chapter casts it, for the node tests.
export const catSat = Object.freeze({
  embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
  wq: [[2, 0, -1], [0, 2, -1]],
  wk: [[1, 1, -2], [-1, 1, 1]],
  wv: [[0, 3, -2], [2, 1, -3]],
});
export const THE = 0, CAT = 1, SAT = 2;

// The chapter prints two decimals; compare the printed text as a reader would.
export const two = (x) => x.toFixed(2);
export const row2 = (row) => row.map(two);

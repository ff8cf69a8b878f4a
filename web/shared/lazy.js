// A module loaded on first use, once per page: the figures' prose elements load their reading
// code (`of`, `when`) with the first element on a page, so a page of widgets only never fetches it.

/**
 * `importer`: () => import('…') (a literal import, so bundlers split it off).
 * @returns {{ code: object | null, load(): Promise<object> }} code: the module once in; load():
 *   a Promise of it, shared by every caller, tried again after a failure (a network blip)
 */
export function lazyModule(importer) {
  let code = null;
  let loading = null;
  return {
    get code() { return code; },
    load: () => (loading ??= importer().then((module) => (code = module), (err) => {
      loading = null;
      throw err;
    })),
  };
}


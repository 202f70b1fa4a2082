// One way to fetch: the state a request keeps, its reducers, and the saga that runs it.
// A feature names its actions and its API call; loading, success and failure are handled here.
// Two kinds build on it: the one item a page is about (item.ts: it fails with the status the
// page routes on), and a list loaded a page at a time (paged.ts).
export * from './item';
export * from './paged';
export * from './sagas';
export * from './state';

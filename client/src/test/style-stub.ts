// Stands in for stylesheets in jest, where CSS has no effect.
export {};

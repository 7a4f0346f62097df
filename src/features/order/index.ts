/*
 * The order feature's public surface: what other features may use, nothing so far. Routes (the
 * composition root) import its screens straight from their files.
 */
export {};

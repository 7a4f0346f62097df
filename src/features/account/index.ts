/*
 * The account feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
export { AccountEntry } from './login-entry';

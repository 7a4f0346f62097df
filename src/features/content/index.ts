/*
 * The content feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 * Only the home page's extras: the home screen loads this module lazily, so it stays that small.
 */
export { default as HomeExtras, HomeContact } from './home-extras';

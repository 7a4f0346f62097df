/*
 * The support feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
// "Kirim ke CS" at the foot of the booking and order pages.
export { HelpFooter } from './help-footer';

/*
 * The booking feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
// The support replay shows a customer's booking page fed by a replayed flow.
export { BookingPageView } from './booking-page';

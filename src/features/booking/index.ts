/*
 * The booking feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
// The support replay shows a customer's booking page fed by a replayed flow.
export { BookingPageView } from './booking-page';
// ...and, at each step, the sheet, dialog or other booking screen the customer had open.
export { BookingPreviewView } from './booking-preview';

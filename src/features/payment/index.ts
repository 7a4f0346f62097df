/*
 * The payment feature's public surface: what other features may use. Routes (the composition root)
 * import its screens straight from their files.
 */
export { PayingPlace, type PayingPlaceFields } from './paying-place';
export { PAYMENT_TEXT } from './payment-texts';

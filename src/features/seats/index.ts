/*
 * The seats feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
// The booking page's seat sheet shows the same picker as the seat page.
export { SeatPicker } from './seat-picker';

/*
 * The search feature's public surface: what other features may use. Routes (the composition
 * root) import screens straight from their files; everything else here is the feature's own.
 */
// The schedule page's date sheet uses the search form's calendar.
export { DateCalendar } from './date-calendar';

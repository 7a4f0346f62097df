/** The profile's wire shapes live with the rest of the account calls. */
export { CustomerProfilResultsSchema, type CustomerProfilResults } from './account';

/* The operator feature's public surface: the highlighted operators strip and the link to a landing page. */
export { HighlightOperators } from './highlight-operators';
export { OperatorLink } from './operator-link';

// The public face of the application feature: other features import from here only.
export { ApplicationProvider, useApplication, parseFormType, FORM_LOAD_FAILED, BANK_CONNECTED, type Application } from './ApplicationProvider';
export { paths, stepForState, stepUrl, formSteps, guardRedirect, bankReturnRedirect, type SentApplication } from './logic';

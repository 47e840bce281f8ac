// The applicant's application (token, type, form, offers), held by app/Layout around every step:
// app-level state, so it lives in shared/; the steps (features/) import from here only.
export { ApplicationProvider, useApplication, parseFormType, FORM_LOAD_FAILED, BANK_CONNECTED, type Application } from './ApplicationProvider';
export { paths, stepForState, stepUrl, formSteps, guardRedirect, bankReturnRedirect, type SentApplication } from './logic';

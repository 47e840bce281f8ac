// Every feature's chunk, loaded up front by a test that walks from one feature's page into
// another's (a lead's new deal, a list behind the login), so the lazy routes resolve at once.
// Here in src/test/, because a feature does not import another feature, not even its index.
import '../features/deals';
import '../features/leads';
import '../features/payments';
import '../features/persons';
import '../features/collections';
import '../features/realties';
import '../features/title-deeds';

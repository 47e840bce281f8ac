/**
 * Online connection of the applicant's bank account (PSD2 account information). The applicant
 * is sent to the provider, authorises access at their bank and comes back to the portal with
 * the connection's `clientId` appended to the return address; the account's transactions are
 * then stored with the connection.
 */
export interface BankConnectionProvider {
  readonly name: string;
  /** Where the applicant picks and authorises their bank for this connection. */
  authorizationUrl(clientId: string): string;
}

export interface ConnectedAccount {
  bankName: string;
  accountName: string;
  iban: string | null;
  transactions: AccountTransaction[];
}

export interface AccountTransaction {
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed decimal string (`-1250.00`). */
  amount: string;
  currency: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  description: string | null;
  variableSymbol: string | null;
  externalId: string;
}

import { composeWholeAddress, type PersonAddressRequest } from '@lending/contracts';

/** Columns of an address from a validated body; whole_address is composed, never taken from the client. */
export function addressData(a: PersonAddressRequest) {
  return {
    type: a.type,
    street: a.street ?? null,
    houseNumber: a.house_number ?? null,
    city: a.city,
    zip: a.zip,
    district: a.district ?? null,
    region: a.region ?? null,
    country: a.country,
    wholeAddress: composeWholeAddress({ street: a.street, house_number: a.house_number, city: a.city, zip: a.zip, country: a.country }),
  };
}

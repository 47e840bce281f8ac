import { z } from 'zod';

// One place decides how validation messages read, for the API and both front-ends alike:
// Czech (zod's `cs` locale), and the spec's generic 'Pole je povinné' for a missing value.
export const REQUIRED_MESSAGE = 'Pole je povinné';

z.config(z.locales.cs());
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) {
      if (issue.code === 'invalid_type' || issue.code === 'invalid_value') return REQUIRED_MESSAGE;
    }
    return undefined;
  },
});

export { z };

// Czech birth number (rodné číslo): YYMMDD/XXX[C].
// - Born before 1954: 9 digits, no check digit.
// - From 1954: 10 digits; the whole number is divisible by 11, except that a remainder of 10
//   of the first nine digits was written with check digit 0 (numbers issued until 1985).
// - Women: month + 50. Since 2004, when a day's series run out: month + 20 (men), + 70 (women).

export interface BirthNumberInfo {
  birthDate: Date;
  sex: 'M' | 'F';
}

function normalise(value: string): string {
  return value.replace(/\s+/g, '').replace('/', '');
}

/** Date and sex encoded in a valid birth number, or null when the number is not valid. */
export function parseBirthNumber(value: string): BirthNumberInfo | null {
  const digits = normalise(value);
  if (!/^\d{9,10}$/.test(digits)) return null;
  const yy = Number(digits.slice(0, 2));
  let month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));

  let year: number;
  if (digits.length === 9) {
    if (yy >= 54) return null; // 9-digit numbers were issued only until 1953
    year = 1900 + yy;
  } else {
    year = yy >= 54 ? 1900 + yy : 2000 + yy;
    const firstNine = Number(digits.slice(0, 9));
    const check = Number(digits[9]);
    const remainder = firstNine % 11;
    const ok = remainder === check || (remainder === 10 && check === 0 && year < 1986);
    if (!ok) return null;
  }

  let sex: 'M' | 'F' = 'M';
  if (month > 70) {
    if (year < 2004) return null;
    sex = 'F';
    month -= 70;
  } else if (month > 50) {
    sex = 'F';
    month -= 50;
  } else if (month > 20) {
    if (year < 2004) return null;
    month -= 20;
  }
  const birthDate = new Date(Date.UTC(year, month - 1, day));
  if (birthDate.getUTCFullYear() !== year || birthDate.getUTCMonth() !== month - 1 || birthDate.getUTCDate() !== day) {
    return null;
  }
  return { birthDate, sex };
}

export function isValidBirthNumber(value: string): boolean {
  return parseBirthNumber(value) !== null;
}

/** Builds a valid 10-digit birth number (for demo and test data). `serial` is 0–999. */
export function makeBirthNumber(birthDate: Date, sex: 'M' | 'F', serial: number): string {
  const year = birthDate.getUTCFullYear();
  if (year < 1954) throw new Error('makeBirthNumber makes 10-digit numbers only (born 1954 or later)');
  const month = birthDate.getUTCMonth() + 1 + (sex === 'F' ? 50 : 0);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  // A serial whose check digit would be 10 is skipped: such numbers are no longer issued.
  for (let s = serial % 1000; ; s = (s + 1) % 1000) {
    const firstNine = `${pad(year % 100, 2)}${pad(month, 2)}${pad(birthDate.getUTCDate(), 2)}${pad(s, 3)}`;
    const check = Number(firstNine) % 11;
    if (check < 10) return `${firstNine}${check}`;
  }
}

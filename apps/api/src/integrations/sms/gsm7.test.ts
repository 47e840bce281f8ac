import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GSM7_BASIC, GSM7_EXTENSION, prepareSms, SmsTextRejected, smsSegments, stripDiacritics } from './gsm7.ts';

const a = (n: number) => 'a'.repeat(n);
const r = (n: number) => 'ř'.repeat(n);

describe('the GSM 03.38 alphabet', () => {
  it('has the 127 characters of the default table (without ESC) and the 10 of the extension table', () => {
    expect(GSM7_BASIC.size).toBe(127);
    expect([...GSM7_EXTENSION].sort()).toEqual(['\f', '[', '\\', ']', '^', '{', '|', '}', '~', '€'].sort());
    for (const c of '@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà\n\r') expect(GSM7_BASIC.has(c), c).toBe(true);
    // Look-alikes that are not in it: the backtick, Latin ç, the Czech letters, ESC itself.
    for (const c of '`çřšěčžůýáíúďťňÁ\u001b') expect(GSM7_BASIC.has(c) || GSM7_EXTENSION.has(c), c).toBe(false);
  });
});

describe('stripDiacritics', () => {
  it('takes every Czech letter, small and capital, to its base letter', () => {
    expect(stripDiacritics('áčďéěíňóřšťúůýž')).toBe('acdeeinorstuuyz');
    expect(stripDiacritics('ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ')).toBe('ACDEEINORSTUUYZ');
    expect(stripDiacritics('Příliš žluťoučký kůň úpěl ďábelské ódy.')).toBe('Prilis zlutoucky kun upel dabelske ody.');
  });

  it('reads decomposed input (r + combining caron) as one letter', () => {
    expect(stripDiacritics('Jir\u030ci\u0301')).toBe('Jiri');
  });

  it('makes Czech typography plain: no-break spaces of amounts, „quotes“, dashes, ellipsis', () => {
    expect(stripDiacritics('Splátka 7\u00a0500\u00a0Kč – splatná „dnes“…')).toBe('Splatka 7 500 Kc - splatna "dnes"...');
    expect(stripDiacritics('a\u00adb\u200bc\td')).toBe('abc d');
  });

  it('keeps what GSM-7 has and replaces each character it has not by one ?', () => {
    expect(stripDiacritics('£ € ß Ø {x} @')).toBe('£ € ß Ø {x} @');
    expect(stripDiacritics('Ж 😀 ł `')).toBe('? ? ? ?');
  });

  it('always yields GSM-7 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        expect(smsSegments(stripDiacritics(text)).encoding).toBe('GSM-7');
      }),
    );
  });
});

describe('smsSegments', () => {
  it('fits 160 GSM-7 characters in one SMS and 153 in each part of a longer one', () => {
    expect(smsSegments(a(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(a(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments(a(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSegments(a(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
    expect(smsSegments(a(459))).toEqual({ encoding: 'GSM-7', units: 459, segments: 3 });
    expect(smsSegments(a(460))).toEqual({ encoding: 'GSM-7', units: 460, segments: 4 });
  });

  it('counts the extension characters (€ ^ { } \\ [ ~ ] |) as 2 septets', () => {
    expect(smsSegments('€')).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
    expect(smsSegments('^{}\\[~]|')).toEqual({ encoding: 'GSM-7', units: 16, segments: 1 });
    expect(smsSegments(a(158) + '€')).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(a(159) + '€')).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });

  it('does not split an extension character between parts', () => {
    // 152 + 2 + 152 = 306 septets, which would fill two parts exactly; but the € cannot start at
    // septet 153 of part one, so part two takes € + 151 and the last 'a' needs a third part.
    expect(smsSegments(a(152) + '€' + a(152))).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
    expect(smsSegments(a(151) + '€' + a(153))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
  });

  it('needs UCS-2 for one character outside GSM-7: 70 code units in one SMS, 67 in each part', () => {
    expect(smsSegments(a(100) + 'ř')).toEqual({ encoding: 'UCS-2', units: 101, segments: 2 });
    expect(smsSegments(r(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(r(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments(r(134))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
    expect(smsSegments(r(135))).toEqual({ encoding: 'UCS-2', units: 135, segments: 3 });
  });

  it('counts UTF-16 code units in UCS-2 and keeps a surrogate pair in one part', () => {
    expect(smsSegments('😀')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(smsSegments(r(66) + '😀' + r(66))).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
    expect(smsSegments(r(65) + '😀' + r(67))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
  });

  it('measures the text as given, typography included', () => {
    expect(smsSegments('7\u00a0500 Kc').encoding).toBe('UCS-2');
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
  });
});

describe('prepareSms', () => {
  const sentence = 'Připomínáme splátku 7\u00a0500 Kč.';

  it('strips diacritics by default, so a Czech sentence goes as GSM-7', () => {
    expect(prepareSms(sentence, { unicode: false, maxSegments: 1 })).toEqual({ text: 'Pripominame splatku 7 500 Kc.', encoding: 'GSM-7', units: 29, segments: 1 });
  });

  it('keeps the Czech sentence in UCS-2 when unicode is allowed', () => {
    expect(prepareSms(sentence, { unicode: true, maxSegments: 1 })).toEqual({ text: sentence, encoding: 'UCS-2', units: 29, segments: 1 });
    expect(prepareSms('„Řekněte“ – ano', { unicode: true, maxSegments: 1 }).text).toBe('„Řekněte“ – ano');
  });

  it('uses GSM-7 even with unicode allowed when only typography stood in the way', () => {
    expect(prepareSms('Splatka 7\u00a0500 Kc – dekujeme', { unicode: true, maxSegments: 1 })).toEqual({ text: 'Splatka 7 500 Kc - dekujeme', encoding: 'GSM-7', units: 27, segments: 1 });
  });

  it('refuses a text over maxSegments, saying how many parts and why', () => {
    expect(() => prepareSms(a(307), { unicode: false, maxSegments: 2 })).toThrow('Text SMS je příliš dlouhý: vyšel by na 3 části SMS (limit 2; 307 znaků GSM, 160 v jedné SMS a 153 v každé části delší zprávy).');
    expect(() => prepareSms(a(765), { unicode: false, maxSegments: 4 })).toThrow(/vyšel by na 5 částí SMS \(limit 4;/);
    const error = (() => {
      try {
        prepareSms('Dobrý den, ' + r(60), { unicode: true, maxSegments: 1 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SmsTextRejected);
    expect((error as SmsTextRejected).message).toMatch(/vyšel by na 2 části SMS \(limit 1; obsahuje znaky mimo abecedu GSM \(např\. „ý“\), proto má SMS jen 70 znaků/);
    expect((error as SmsTextRejected).segments).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });

  it('fits after stripping what would not fit in UCS-2', () => {
    expect(() => prepareSms(r(71), { unicode: true, maxSegments: 1 })).toThrow(SmsTextRejected);
    expect(prepareSms(r(71), { unicode: false, maxSegments: 1 })).toEqual({ text: 'r'.repeat(71), encoding: 'GSM-7', units: 71, segments: 1 });
    expect(prepareSms(a(160), { unicode: false, maxSegments: 1 }).segments).toBe(1);
  });

  it('refuses an empty text and a limit below one part', () => {
    expect(() => prepareSms(' \n', { unicode: false, maxSegments: 1 })).toThrow('Text SMS je prázdný.');
    expect(() => prepareSms('Dobrý den', { unicode: false, maxSegments: 0 })).toThrow(RangeError);
  });
});

// Real Czech towns with their district (okres), region (kraj) and a real postcode, for demo data.
export const CZECH_PLACES = [
  { city: 'Praha', district: 'Hlavní město Praha', region: 'Hlavní město Praha', zip: '110 00' },
  { city: 'Brno', district: 'Brno-město', region: 'Jihomoravský kraj', zip: '602 00' },
  { city: 'Ostrava', district: 'Ostrava-město', region: 'Moravskoslezský kraj', zip: '702 00' },
  { city: 'Plzeň', district: 'Plzeň-město', region: 'Plzeňský kraj', zip: '301 00' },
  { city: 'Liberec', district: 'Liberec', region: 'Liberecký kraj', zip: '460 01' },
  { city: 'Olomouc', district: 'Olomouc', region: 'Olomoucký kraj', zip: '779 00' },
  { city: 'České Budějovice', district: 'České Budějovice', region: 'Jihočeský kraj', zip: '370 01' },
  { city: 'Hradec Králové', district: 'Hradec Králové', region: 'Královéhradecký kraj', zip: '500 02' },
  { city: 'Pardubice', district: 'Pardubice', region: 'Pardubický kraj', zip: '530 02' },
  { city: 'Zlín', district: 'Zlín', region: 'Zlínský kraj', zip: '760 01' },
  { city: 'Jihlava', district: 'Jihlava', region: 'Kraj Vysočina', zip: '586 01' },
  { city: 'Karlovy Vary', district: 'Karlovy Vary', region: 'Karlovarský kraj', zip: '360 01' },
  { city: 'Ústí nad Labem', district: 'Ústí nad Labem', region: 'Ústecký kraj', zip: '400 01' },
  { city: 'Kladno', district: 'Kladno', region: 'Středočeský kraj', zip: '272 01' },
  { city: 'Tábor', district: 'Tábor', region: 'Jihočeský kraj', zip: '390 02' },
  { city: 'Třebíč', district: 'Třebíč', region: 'Kraj Vysočina', zip: '674 01' },
] as const;

export const CZECH_STREETS = [
  'Masarykova', 'Husova', 'Palackého', 'Komenského', 'Nádražní', 'Školní', 'Zahradní', 'Tyršova', 'Jiráskova',
  'Smetanova', 'Havlíčkova', 'Sokolská', 'Nerudova', 'Lidická', 'Dvořákova', 'náměstí Míru', 'Revoluční',
  'Karla Čapka', 'Boženy Němcové', 'Na Výsluní', 'U Potoka', 'Polní', 'Lipová', 'Luční', 'Družstevní',
] as const;

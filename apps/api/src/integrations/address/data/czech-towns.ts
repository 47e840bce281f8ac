// Real Czech towns with their district (okres), region (kraj) and a real postcode of the town
// (its main post office), from which the bundled address list is generated. Place names are
// public facts; no address register is copied.

export const REGIONS = {
  PHA: 'Hlavní město Praha',
  STC: 'Středočeský kraj',
  JHC: 'Jihočeský kraj',
  PLK: 'Plzeňský kraj',
  KVK: 'Karlovarský kraj',
  ULK: 'Ústecký kraj',
  LBK: 'Liberecký kraj',
  HKK: 'Královéhradecký kraj',
  PAK: 'Pardubický kraj',
  VYS: 'Kraj Vysočina',
  JHM: 'Jihomoravský kraj',
  OLK: 'Olomoucký kraj',
  ZLK: 'Zlínský kraj',
  MSK: 'Moravskoslezský kraj',
} as const;

/**
 * How many streets a town gets in the list: 5 the largest cities (and each Prague
 * district), 4 regional capitals, 3 district towns, 2 smaller towns; 1 is a village whose
 * houses have only a číslo popisné (no streets).
 */
export type TownSize = 1 | 2 | 3 | 4 | 5;

export interface Town {
  city: string;
  /** Postal name of a part of the city (Praha 1 … Praha 10); null elsewhere. */
  part?: string;
  district: string;
  region: keyof typeof REGIONS;
  zip: string;
  size: TownSize;
  /** Well-known streets of the town, listed before the common ones. */
  streets?: readonly string[];
}

const prague = (part: number, zip: string, streets: readonly string[]): Town => ({
  city: 'Praha',
  part: `Praha ${part}`,
  district: 'Hlavní město Praha',
  region: 'PHA',
  zip,
  size: 5,
  streets,
});

export const TOWNS: readonly Town[] = [
  prague(1, '110 00', ['Národní', 'Na Příkopě', 'Spálená', 'Vodičkova', 'Dlouhá', 'Karlova', 'Celetná', 'Jindřišská', 'Revoluční']),
  prague(2, '120 00', ['Vinohradská', 'Mánesova', 'Anglická', 'Londýnská', 'Bělehradská', 'Legerova', 'Slezská', 'Karlovo náměstí']),
  prague(3, '130 00', ['Seifertova', 'Koněvova', 'Táboritská', 'Husitská', 'Husinecká', 'Kubelíkova', 'Jiřího z Poděbrad']),
  prague(4, '140 00', ['Budějovická', 'Antala Staška', 'Na Pankráci', 'Táborská', 'Jeremenkova', 'Nuselská', 'Vyskočilova']),
  prague(5, '150 00', ['Plzeňská', 'Štefánikova', 'Radlická', 'Holečkova', 'Kartouzská', 'Nádražní', 'Na Pláni']),
  prague(6, '160 00', ['Dejvická', 'Evropská', 'Bělohorská', 'Jugoslávských partyzánů', 'Verdunská', 'Čínská', 'Na Petřinách']),
  prague(7, '170 00', ['Dukelských hrdinů', 'Milady Horákové', 'Veletržní', 'Letohradská', 'Františka Křížka', 'Komunardů']),
  prague(8, '180 00', ['Sokolovská', 'Zenklova', 'Křižíkova', 'Thámova', 'Na Žertvách', 'Ke Stírce', 'Prosecká']),
  prague(9, '190 00', ['Českomoravská', 'Freyova', 'Kolbenova', 'Poděbradská', 'Vysočanská', 'Prosecká']),
  prague(10, '100 00', ['Vršovická', 'Moskevská', 'Kodaňská', 'Ruská', 'Průběžná', 'Černokostelecká']),

  { city: 'Kladno', district: 'Kladno', region: 'STC', zip: '272 01', size: 4, streets: ['náměstí Starosty Pavla', 'T. G. Masaryka', 'Cyrila Boudy'] },
  { city: 'Mladá Boleslav', district: 'Mladá Boleslav', region: 'STC', zip: '293 01', size: 4, streets: ['Staroměstské náměstí', 'tř. Václava Klementa'] },
  { city: 'Příbram', district: 'Příbram', region: 'STC', zip: '261 01', size: 3 },
  { city: 'Kolín', district: 'Kolín', region: 'STC', zip: '280 02', size: 3, streets: ['Karlovo náměstí'] },
  { city: 'Kutná Hora', district: 'Kutná Hora', region: 'STC', zip: '284 01', size: 3, streets: ['Palackého náměstí'] },
  { city: 'Mělník', district: 'Mělník', region: 'STC', zip: '276 01', size: 3 },
  { city: 'Beroun', district: 'Beroun', region: 'STC', zip: '266 01', size: 3, streets: ['Husovo náměstí'] },
  { city: 'Benešov', district: 'Benešov', region: 'STC', zip: '256 01', size: 3 },
  { city: 'Rakovník', district: 'Rakovník', region: 'STC', zip: '269 01', size: 3 },
  { city: 'Nymburk', district: 'Nymburk', region: 'STC', zip: '288 02', size: 3 },
  { city: 'Slaný', district: 'Kladno', region: 'STC', zip: '274 01', size: 2 },
  { city: 'Kralupy nad Vltavou', district: 'Mělník', region: 'STC', zip: '278 01', size: 2 },
  { city: 'Brandýs nad Labem-Stará Boleslav', district: 'Praha-východ', region: 'STC', zip: '250 01', size: 2 },
  { city: 'Říčany', district: 'Praha-východ', region: 'STC', zip: '251 01', size: 2 },
  { city: 'Černošice', district: 'Praha-západ', region: 'STC', zip: '252 28', size: 2 },
  { city: 'Poděbrady', district: 'Nymburk', region: 'STC', zip: '290 01', size: 2 },
  { city: 'Neratovice', district: 'Mělník', region: 'STC', zip: '277 11', size: 2 },
  { city: 'Čelákovice', district: 'Praha-východ', region: 'STC', zip: '250 88', size: 2 },

  { city: 'České Budějovice', district: 'České Budějovice', region: 'JHC', zip: '370 01', size: 4, streets: ['náměstí Přemysla Otakara II.', 'Lannova třída', 'Krajinská', 'Pražská třída'] },
  { city: 'Tábor', district: 'Tábor', region: 'JHC', zip: '390 02', size: 3, streets: ['Žižkovo náměstí'] },
  { city: 'Písek', district: 'Písek', region: 'JHC', zip: '397 01', size: 3, streets: ['Velké náměstí'] },
  { city: 'Strakonice', district: 'Strakonice', region: 'JHC', zip: '386 01', size: 3 },
  { city: 'Jindřichův Hradec', district: 'Jindřichův Hradec', region: 'JHC', zip: '377 01', size: 3 },
  { city: 'Český Krumlov', district: 'Český Krumlov', region: 'JHC', zip: '381 01', size: 3, streets: ['Latrán'] },
  { city: 'Prachatice', district: 'Prachatice', region: 'JHC', zip: '383 01', size: 3 },
  { city: 'Třeboň', district: 'Jindřichův Hradec', region: 'JHC', zip: '379 01', size: 2 },
  { city: 'Vodňany', district: 'Strakonice', region: 'JHC', zip: '389 01', size: 2 },
  { city: 'Milevsko', district: 'Písek', region: 'JHC', zip: '399 01', size: 2 },

  { city: 'Plzeň', district: 'Plzeň-město', region: 'PLK', zip: '301 00', size: 5, streets: ['Americká', 'Klatovská', 'náměstí Republiky', 'Prešovská', 'Slovanská', 'Dominikánská'] },
  { city: 'Klatovy', district: 'Klatovy', region: 'PLK', zip: '339 01', size: 3 },
  { city: 'Rokycany', district: 'Rokycany', region: 'PLK', zip: '337 01', size: 3 },
  { city: 'Domažlice', district: 'Domažlice', region: 'PLK', zip: '344 01', size: 3 },
  { city: 'Tachov', district: 'Tachov', region: 'PLK', zip: '347 01', size: 3 },
  { city: 'Sušice', district: 'Klatovy', region: 'PLK', zip: '342 01', size: 2 },
  { city: 'Přeštice', district: 'Plzeň-jih', region: 'PLK', zip: '334 01', size: 2 },
  { city: 'Stříbro', district: 'Tachov', region: 'PLK', zip: '349 01', size: 2 },

  { city: 'Karlovy Vary', district: 'Karlovy Vary', region: 'KVK', zip: '360 01', size: 4, streets: ['Stará louka', 'T. G. Masaryka', 'Moskevská'] },
  { city: 'Cheb', district: 'Cheb', region: 'KVK', zip: '350 02', size: 3, streets: ['náměstí Krále Jiřího z Poděbrad'] },
  { city: 'Sokolov', district: 'Sokolov', region: 'KVK', zip: '356 01', size: 3 },
  { city: 'Mariánské Lázně', district: 'Cheb', region: 'KVK', zip: '353 01', size: 2, streets: ['Hlavní třída'] },
  { city: 'Ostrov', district: 'Karlovy Vary', region: 'KVK', zip: '363 01', size: 2 },
  { city: 'Aš', district: 'Cheb', region: 'KVK', zip: '352 01', size: 2 },
  { city: 'Františkovy Lázně', district: 'Cheb', region: 'KVK', zip: '351 01', size: 2 },

  { city: 'Ústí nad Labem', district: 'Ústí nad Labem', region: 'ULK', zip: '400 01', size: 4, streets: ['Mírové náměstí', 'Velká Hradební', 'Klíšská'] },
  { city: 'Děčín', district: 'Děčín', region: 'ULK', zip: '405 02', size: 3 },
  { city: 'Teplice', district: 'Teplice', region: 'ULK', zip: '415 01', size: 3 },
  { city: 'Most', district: 'Most', region: 'ULK', zip: '434 01', size: 3 },
  { city: 'Chomutov', district: 'Chomutov', region: 'ULK', zip: '430 01', size: 3 },
  { city: 'Litoměřice', district: 'Litoměřice', region: 'ULK', zip: '412 01', size: 3, streets: ['Mírové náměstí'] },
  { city: 'Louny', district: 'Louny', region: 'ULK', zip: '440 01', size: 3 },
  { city: 'Žatec', district: 'Louny', region: 'ULK', zip: '438 01', size: 2 },
  { city: 'Kadaň', district: 'Chomutov', region: 'ULK', zip: '432 01', size: 2 },
  { city: 'Litvínov', district: 'Most', region: 'ULK', zip: '436 01', size: 2 },
  { city: 'Jirkov', district: 'Chomutov', region: 'ULK', zip: '431 11', size: 2 },
  { city: 'Bílina', district: 'Teplice', region: 'ULK', zip: '418 01', size: 2 },
  { city: 'Roudnice nad Labem', district: 'Litoměřice', region: 'ULK', zip: '413 01', size: 2 },
  { city: 'Rumburk', district: 'Děčín', region: 'ULK', zip: '408 01', size: 2 },

  { city: 'Liberec', district: 'Liberec', region: 'LBK', zip: '460 01', size: 4, streets: ['Pražská', 'Moskevská', '1. máje', 'Jablonecká'] },
  { city: 'Jablonec nad Nisou', district: 'Jablonec nad Nisou', region: 'LBK', zip: '466 01', size: 3 },
  { city: 'Česká Lípa', district: 'Česká Lípa', region: 'LBK', zip: '470 01', size: 3 },
  { city: 'Semily', district: 'Semily', region: 'LBK', zip: '513 01', size: 3 },
  { city: 'Turnov', district: 'Semily', region: 'LBK', zip: '511 01', size: 2 },
  { city: 'Nový Bor', district: 'Česká Lípa', region: 'LBK', zip: '473 01', size: 2 },
  { city: 'Frýdlant', district: 'Liberec', region: 'LBK', zip: '464 01', size: 2 },
  { city: 'Harrachov', district: 'Jablonec nad Nisou', region: 'LBK', zip: '512 46', size: 1 },

  { city: 'Hradec Králové', district: 'Hradec Králové', region: 'HKK', zip: '500 02', size: 4, streets: ['Velké náměstí', 'Gočárova třída', 'Pražská třída', 'třída Karla IV.'] },
  { city: 'Trutnov', district: 'Trutnov', region: 'HKK', zip: '541 01', size: 3, streets: ['Krakonošovo náměstí'] },
  { city: 'Náchod', district: 'Náchod', region: 'HKK', zip: '547 01', size: 3 },
  { city: 'Jičín', district: 'Jičín', region: 'HKK', zip: '506 01', size: 3, streets: ['Valdštejnovo náměstí'] },
  { city: 'Rychnov nad Kněžnou', district: 'Rychnov nad Kněžnou', region: 'HKK', zip: '516 01', size: 3 },
  { city: 'Dvůr Králové nad Labem', district: 'Trutnov', region: 'HKK', zip: '544 01', size: 2 },
  { city: 'Vrchlabí', district: 'Trutnov', region: 'HKK', zip: '543 01', size: 2 },
  { city: 'Nové Město nad Metují', district: 'Náchod', region: 'HKK', zip: '549 01', size: 2 },
  { city: 'Jaroměř', district: 'Náchod', region: 'HKK', zip: '551 01', size: 2 },
  { city: 'Pec pod Sněžkou', district: 'Trutnov', region: 'HKK', zip: '542 21', size: 1 },

  { city: 'Pardubice', district: 'Pardubice', region: 'PAK', zip: '530 02', size: 4, streets: ['třída Míru', 'Pernštýnská', 'Palackého třída', 'Pernštýnské náměstí'] },
  { city: 'Chrudim', district: 'Chrudim', region: 'PAK', zip: '537 01', size: 3, streets: ['Resselovo náměstí'] },
  { city: 'Svitavy', district: 'Svitavy', region: 'PAK', zip: '568 02', size: 3 },
  { city: 'Ústí nad Orlicí', district: 'Ústí nad Orlicí', region: 'PAK', zip: '562 01', size: 3 },
  { city: 'Česká Třebová', district: 'Ústí nad Orlicí', region: 'PAK', zip: '560 02', size: 2 },
  { city: 'Litomyšl', district: 'Svitavy', region: 'PAK', zip: '570 01', size: 2, streets: ['Smetanovo náměstí'] },
  { city: 'Vysoké Mýto', district: 'Ústí nad Orlicí', region: 'PAK', zip: '566 01', size: 2 },
  { city: 'Polička', district: 'Svitavy', region: 'PAK', zip: '572 01', size: 2 },
  { city: 'Přelouč', district: 'Pardubice', region: 'PAK', zip: '535 01', size: 2 },
  { city: 'Holice', district: 'Pardubice', region: 'PAK', zip: '534 01', size: 2 },

  { city: 'Jihlava', district: 'Jihlava', region: 'VYS', zip: '586 01', size: 4, streets: ['Masarykovo náměstí', 'Znojemská', 'Brněnská'] },
  { city: 'Třebíč', district: 'Třebíč', region: 'VYS', zip: '674 01', size: 3, streets: ['Karlovo náměstí'] },
  { city: 'Havlíčkův Brod', district: 'Havlíčkův Brod', region: 'VYS', zip: '580 01', size: 3, streets: ['Havlíčkovo náměstí'] },
  { city: 'Žďár nad Sázavou', district: 'Žďár nad Sázavou', region: 'VYS', zip: '591 01', size: 3 },
  { city: 'Pelhřimov', district: 'Pelhřimov', region: 'VYS', zip: '393 01', size: 3 },
  { city: 'Velké Meziříčí', district: 'Žďár nad Sázavou', region: 'VYS', zip: '594 01', size: 2 },
  { city: 'Humpolec', district: 'Pelhřimov', region: 'VYS', zip: '396 01', size: 2 },
  { city: 'Nové Město na Moravě', district: 'Žďár nad Sázavou', region: 'VYS', zip: '592 31', size: 2 },
  { city: 'Chotěboř', district: 'Havlíčkův Brod', region: 'VYS', zip: '583 01', size: 2 },
  { city: 'Světlá nad Sázavou', district: 'Havlíčkův Brod', region: 'VYS', zip: '582 91', size: 2 },

  { city: 'Brno', district: 'Brno-město', region: 'JHM', zip: '602 00', size: 5, streets: ['náměstí Svobody', 'Česká', 'Kounicova', 'Cejl', 'Údolní', 'Veveří', 'Kotlářská', 'Hybešova', 'Křenová', 'Masarykova'] },
  { city: 'Znojmo', district: 'Znojmo', region: 'JHM', zip: '669 02', size: 3, streets: ['Masarykovo náměstí'] },
  { city: 'Hodonín', district: 'Hodonín', region: 'JHM', zip: '695 01', size: 3 },
  { city: 'Břeclav', district: 'Břeclav', region: 'JHM', zip: '690 02', size: 3 },
  { city: 'Vyškov', district: 'Vyškov', region: 'JHM', zip: '682 01', size: 3 },
  { city: 'Blansko', district: 'Blansko', region: 'JHM', zip: '678 01', size: 3 },
  { city: 'Boskovice', district: 'Blansko', region: 'JHM', zip: '680 01', size: 2 },
  { city: 'Kyjov', district: 'Hodonín', region: 'JHM', zip: '697 01', size: 2 },
  { city: 'Veselí nad Moravou', district: 'Hodonín', region: 'JHM', zip: '698 01', size: 2 },
  { city: 'Mikulov', district: 'Břeclav', region: 'JHM', zip: '692 01', size: 2 },
  { city: 'Kuřim', district: 'Brno-venkov', region: 'JHM', zip: '664 34', size: 2 },
  { city: 'Tišnov', district: 'Brno-venkov', region: 'JHM', zip: '666 01', size: 2 },
  { city: 'Hustopeče', district: 'Břeclav', region: 'JHM', zip: '693 01', size: 2 },
  { city: 'Ivančice', district: 'Brno-venkov', region: 'JHM', zip: '664 91', size: 2 },
  { city: 'Slavkov u Brna', district: 'Vyškov', region: 'JHM', zip: '684 01', size: 2 },
  { city: 'Lednice', district: 'Břeclav', region: 'JHM', zip: '691 44', size: 1 },

  { city: 'Olomouc', district: 'Olomouc', region: 'OLK', zip: '779 00', size: 4, streets: ['Horní náměstí', 'třída Svobody', 'Litovelská', 'Dobrovského', 'Palackého'] },
  { city: 'Prostějov', district: 'Prostějov', region: 'OLK', zip: '796 01', size: 3 },
  { city: 'Přerov', district: 'Přerov', region: 'OLK', zip: '750 02', size: 3 },
  { city: 'Šumperk', district: 'Šumperk', region: 'OLK', zip: '787 01', size: 3 },
  { city: 'Jeseník', district: 'Jeseník', region: 'OLK', zip: '790 01', size: 3 },
  { city: 'Zábřeh', district: 'Šumperk', region: 'OLK', zip: '789 01', size: 2 },
  { city: 'Hranice', district: 'Přerov', region: 'OLK', zip: '753 01', size: 2 },
  { city: 'Uničov', district: 'Olomouc', region: 'OLK', zip: '783 91', size: 2 },
  { city: 'Litovel', district: 'Olomouc', region: 'OLK', zip: '784 01', size: 2 },
  { city: 'Šternberk', district: 'Olomouc', region: 'OLK', zip: '785 01', size: 2 },
  { city: 'Lipník nad Bečvou', district: 'Přerov', region: 'OLK', zip: '751 31', size: 2 },
  { city: 'Velké Losiny', district: 'Šumperk', region: 'OLK', zip: '788 15', size: 1 },

  { city: 'Zlín', district: 'Zlín', region: 'ZLK', zip: '760 01', size: 4, streets: ['třída Tomáše Bati', 'náměstí Míru', 'Štefánikova'] },
  { city: 'Kroměříž', district: 'Kroměříž', region: 'ZLK', zip: '767 01', size: 3, streets: ['Velké náměstí'] },
  { city: 'Uherské Hradiště', district: 'Uherské Hradiště', region: 'ZLK', zip: '686 01', size: 3, streets: ['Masarykovo náměstí'] },
  { city: 'Vsetín', district: 'Vsetín', region: 'ZLK', zip: '755 01', size: 3 },
  { city: 'Valašské Meziříčí', district: 'Vsetín', region: 'ZLK', zip: '757 01', size: 2 },
  { city: 'Rožnov pod Radhoštěm', district: 'Vsetín', region: 'ZLK', zip: '756 61', size: 2 },
  { city: 'Otrokovice', district: 'Zlín', region: 'ZLK', zip: '765 02', size: 2 },
  { city: 'Uherský Brod', district: 'Uherské Hradiště', region: 'ZLK', zip: '688 01', size: 2 },
  { city: 'Holešov', district: 'Kroměříž', region: 'ZLK', zip: '769 01', size: 2 },
  { city: 'Vizovice', district: 'Zlín', region: 'ZLK', zip: '763 12', size: 2 },
  { city: 'Dolní Bečva', district: 'Vsetín', region: 'ZLK', zip: '756 55', size: 1 },

  { city: 'Ostrava', district: 'Ostrava-město', region: 'MSK', zip: '702 00', size: 5, streets: ['28. října', 'Stodolní', 'Českobratrská', 'Výstavní', 'Dr. Šmerala', 'Masarykovo náměstí', 'Nádražní'] },
  { city: 'Havířov', district: 'Karviná', region: 'MSK', zip: '736 01', size: 3, streets: ['Hlavní třída'] },
  { city: 'Karviná', district: 'Karviná', region: 'MSK', zip: '733 01', size: 3 },
  { city: 'Frýdek-Místek', district: 'Frýdek-Místek', region: 'MSK', zip: '738 01', size: 3 },
  { city: 'Opava', district: 'Opava', region: 'MSK', zip: '746 01', size: 3, streets: ['Horní náměstí', 'Ostrožná'] },
  { city: 'Nový Jičín', district: 'Nový Jičín', region: 'MSK', zip: '741 01', size: 3 },
  { city: 'Bruntál', district: 'Bruntál', region: 'MSK', zip: '792 01', size: 3 },
  { city: 'Třinec', district: 'Frýdek-Místek', region: 'MSK', zip: '739 61', size: 2 },
  { city: 'Orlová', district: 'Karviná', region: 'MSK', zip: '735 14', size: 2 },
  { city: 'Kopřivnice', district: 'Nový Jičín', region: 'MSK', zip: '742 21', size: 2 },
  { city: 'Bohumín', district: 'Karviná', region: 'MSK', zip: '735 81', size: 2 },
  { city: 'Český Těšín', district: 'Karviná', region: 'MSK', zip: '737 01', size: 2 },
  { city: 'Krnov', district: 'Bruntál', region: 'MSK', zip: '794 01', size: 2 },
  { city: 'Frenštát pod Radhoštěm', district: 'Nový Jičín', region: 'MSK', zip: '744 01', size: 2 },
  { city: 'Studénka', district: 'Nový Jičín', region: 'MSK', zip: '742 13', size: 2 },
  { city: 'Hlučín', district: 'Opava', region: 'MSK', zip: '748 01', size: 2 },
];

/** Street names common all over Czechia (people, dates, trades, landmarks), shared by the towns. */
export const COMMON_STREETS: readonly string[] = [
  'Masarykova', 'Husova', 'Palackého', 'Komenského', 'Nádražní', 'Školní', 'Zahradní', 'Tyršova', 'Jiráskova',
  'Smetanova', 'Havlíčkova', 'Sokolská', 'Nerudova', 'Lidická', 'Dvořákova', 'náměstí Míru', 'Revoluční',
  'Karla Čapka', 'Boženy Němcové', 'Na Výsluní', 'U Potoka', 'Polní', 'Lipová', 'Luční', 'Družstevní',
  'Krátká', 'Dlouhá', 'Nová', 'Jungmannova', 'Žižkova', 'Riegrova', 'Purkyňova', 'Wolkerova', 'Fügnerova',
  'Bezručova', 'Sadová', 'Květná', 'Slunečná', 'Jabloňová', 'Třešňová', 'Tovární', 'Průmyslová', 'Příčná',
  'Úzká', 'Okružní', 'Pražská', 'Brněnská', 'Vrchlického', 'Mánesova', 'Alšova', 'Kollárova',
  'Československé armády', 'Legionářská', 'Svatopluka Čecha', 'Erbenova', 'Máchova', 'Halasova', '5. května',
  '28. října', '17. listopadu', 'Mírová', 'Zámecká', 'Kostelní', 'Farní', 'Mlýnská', 'Lesní', 'Horní', 'Dolní',
  'Na Kopci', 'Pod Lesem', 'V Zahradách', 'U Školy', 'U Hřiště', 'U Rybníka', 'K Nádraží', 'Husovo náměstí',
  'Masarykovo náměstí', 'náměstí Republiky', 'Hlavní', 'Spojovací', 'Topolová', 'Březová', 'Habrová', 'Olšová',
  'Akátová', 'Bratří Čapků', 'Tylova', 'Čechova', 'Vančurova', 'Poděbradova', 'Jilemnického', 'Nábřežní',
  'Na Nivách', 'Za Humny', 'U Kapličky', 'Štefánikova', 'Rooseveltova', 'Resslova', 'Havlíčkovo nábřeží',
];

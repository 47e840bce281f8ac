// Reference data the sandbox draws its findings from. Court abbreviations and names, executor
// office seats, cadastral area names and the kinds of trades are real Czech public facts; the
// people (executors, administrators), private creditors and numbers are made up.

/** Insolvency courts as ISIR writes them in file marks ("KSBR 27 INS 1234/2025"). */
export const INSOLVENCY_COURTS = [
  { code: 'MSPH', name: 'Městský soud v Praze' },
  { code: 'KSPH', name: 'Krajský soud v Praze' },
  { code: 'KSCB', name: 'Krajský soud v Českých Budějovicích' },
  { code: 'KSPL', name: 'Krajský soud v Plzni' },
  { code: 'KSUL', name: 'Krajský soud v Ústí nad Labem' },
  { code: 'KSLB', name: 'Krajský soud v Ústí nad Labem – pobočka v Liberci' },
  { code: 'KSHK', name: 'Krajský soud v Hradci Králové' },
  { code: 'KSPA', name: 'Krajský soud v Hradci Králové – pobočka v Pardubicích' },
  { code: 'KSBR', name: 'Krajský soud v Brně' },
  { code: 'KSOS', name: 'Krajský soud v Ostravě' },
  { code: 'KSOL', name: 'Krajský soud v Ostravě – pobočka v Olomouci' },
] as const;

export const INSOLVENCY_ADMINISTRATORS = [
  'Mgr. Jana Dvořáková, insolvenční správkyně',
  'JUDr. Petr Kratochvíl, insolvenční správce',
  'Ing. Martina Horáková, insolvenční správkyně',
  'Insolvence Morava v.o.s.',
  'Mgr. Ondřej Bartoš, insolvenční správce',
  'Správa insolvencí Čechy v.o.s.',
] as const;

/** Executor offices (seats are real districts, the executors invented). */
export const EXECUTOR_OFFICES = [
  { number: '012', name: 'Exekutorský úřad Praha 4, JUDr. Tomáš Veselý' },
  { number: '037', name: 'Exekutorský úřad Praha 10, Mgr. Kateřina Šťastná' },
  { number: '058', name: 'Exekutorský úřad Brno-město, JUDr. Pavel Kučera' },
  { number: '074', name: 'Exekutorský úřad Ostrava, Mgr. Lukáš Procházka' },
  { number: '091', name: 'Exekutorský úřad Plzeň-město, JUDr. Ivana Marková' },
  { number: '103', name: 'Exekutorský úřad Kladno, Mgr. Jiří Růžička' },
  { number: '126', name: 'Exekutorský úřad Olomouc, JUDr. Radek Beneš' },
  { number: '144', name: 'Exekutorský úřad Hradec Králové, Mgr. Zuzana Černá' },
  { number: '167', name: 'Exekutorský úřad Ústí nad Labem, JUDr. Michal Doležal' },
] as const;

export const EXECUTION_CREDITORS = [
  'Dopravní podnik hl. m. Prahy, akciová společnost',
  'Všeobecná zdravotní pojišťovna České republiky',
  'Česká správa sociálního zabezpečení',
  'Finanční úřad pro Jihomoravský kraj',
  'Statutární město Ostrava',
  'Rychlá půjčka CZ s.r.o.',
  'Energie Domov a.s.',
  'Telekomunikace Plus a.s.',
  'Spotřebitelské úvěry Morava s.r.o.',
  'Bytové družstvo Vinohrady',
] as const;

/** Cadastral areas (katastrální území) with six-digit codes in the ČÚZK's form. */
export const CADASTRAL_AREAS = [
  { code: '727415', name: 'Vinohrady' },
  { code: '727181', name: 'Žižkov' },
  { code: '729051', name: 'Smíchov' },
  { code: '730955', name: 'Karlín' },
  { code: '610372', name: 'Veveří' },
  { code: '611484', name: 'Židenice' },
  { code: '713384', name: 'Moravská Ostrava' },
  { code: '721981', name: 'Plzeň' },
  { code: '682039', name: 'Liberec' },
  { code: '710504', name: 'Olomouc-město' },
  { code: '622214', name: 'České Budějovice 2' },
  { code: '646873', name: 'Hradec Králové' },
  { code: '663981', name: 'Kladno' },
  { code: '765937', name: 'Tábor' },
  { code: '663671', name: 'Jihlava' },
  { code: '791393', name: 'Zlín' },
] as const;

export const REALTY_DESCRIPTIONS = [
  'Jednotka č. {unit} (byt) v budově č. p. {house}, podíl na společných částech',
  'Pozemek parc. č. st. {parcel}, zastavěná plocha a nádvoří, jehož součástí je stavba č. p. {house} (rodinný dům)',
  'Pozemek parc. č. {parcel}, orná půda',
  'Pozemek parc. č. {parcel}, zahrada',
  'Stavba bez č. p./č. e. (garáž) na pozemku parc. č. st. {parcel}',
] as const;

export const PLEDGE_HOLDERS = ['Česká spořitelna, a.s.', 'Komerční banka, a.s.', 'Hypoteční banka, a.s.', 'Raiffeisenbank a.s.', 'Stavební spořitelna Domov a.s.'] as const;

/** Kinds of Czech trade licences (živnosti) and their subjects. */
export const TRADES = [
  { type: 'Živnost volná', subject: 'Výroba, obchod a služby neuvedené v přílohách 1 až 3 živnostenského zákona' },
  { type: 'Živnost řemeslná', subject: 'Truhlářství, podlahářství' },
  { type: 'Živnost řemeslná', subject: 'Zednictví' },
  { type: 'Živnost řemeslná', subject: 'Hostinská činnost' },
  { type: 'Živnost vázaná', subject: 'Účetní poradci, vedení účetnictví, vedení daňové evidence' },
  { type: 'Živnost řemeslná', subject: 'Opravy silničních vozidel' },
  { type: 'Živnost volná', subject: 'Poskytování software, poradenství v oblasti informačních technologií' },
] as const;

export const COMPANY_WORDS = ['Stavby', 'Dřevo', 'Autodoprava', 'Gastro', 'Reality', 'Elektro', 'Instalace', 'Obchod', 'Servis', 'Projekt'] as const;
export const COMPANY_PLACES = ['Morava', 'Bohemia', 'Praha', 'Vysočina', 'Krkonoše', 'Šumava', 'Haná', 'Polabí'] as const;
export const COMPANY_ROLES = ['jednatel', 'společník', 'člen představenstva', 'prokurista', 'člen dozorčí rady'] as const;

export const TOWNS = [
  { city: 'Praha', zip: '110 00', street: 'Korunní' },
  { city: 'Brno', zip: '602 00', street: 'Cejl' },
  { city: 'Ostrava', zip: '702 00', street: 'Nádražní' },
  { city: 'Plzeň', zip: '301 00', street: 'Klatovská třída' },
  { city: 'Olomouc', zip: '779 00', street: 'Třída Svobody' },
  { city: 'Liberec', zip: '460 01', street: 'Masarykova' },
  { city: 'Hradec Králové', zip: '500 02', street: 'Gočárova třída' },
  { city: 'Jihlava', zip: '586 01', street: 'Znojemská' },
] as const;

export const INVALID_DOCUMENT_REASONS = ['Ztráta dokladu', 'Odcizení dokladu', 'Skončení platnosti dokladu', 'Poškození dokladu'] as const;
